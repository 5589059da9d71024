// Subtitle files as players want them: WebVTT in UTF-8, from an uploaded .vtt or .srt. Pure functions, no I/O.

export class SubtitleError extends Error {}

/** Text of an uploaded file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1258 (old Vietnamese). */
export function decodeSubtitleText(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff)
    return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1258').decode(data);
  }
}

const SRT_TIME = /^(\d{1,3}):([0-5]?\d):([0-5]?\d)[,.](\d{1,3})$/;

function vttTime(value: string): string {
  const match = SRT_TIME.exec(value.trim());
  if (!match) throw new SubtitleError(`“${value.trim()}” is not a time like 00:01:02,345.`);
  const [, h, m, s, ms] = match as unknown as [string, string, string, string, string];
  return `${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.padStart(2, '0')}.${ms.padEnd(3, '0')}`;
}

/** Converts SubRip text to WebVTT: times get dots, cue numbers go, `<i>`/`<b>`/`<u>` stay, `{\an8}`-style tags go. */
export function srtToVtt(text: string): string {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const cues: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0 || timing > 1) continue; // stray text between cues
    const [start = '', rest = ''] = lines[timing]!.split('-->');
    const end = rest.trim().split(/\s+/)[0] ?? '';
    const body = lines
      .slice(timing + 1)
      .map((line) => line.replace(/\{\\[^}]*\}/g, '').replace(/<(?!\/?[ibu]>)[^>]*>/gi, ''))
      .join('\n')
      .replace(/-->/g, '→')
      .trim();
    if (!body) continue;
    cues.push(`${vttTime(start)} --> ${vttTime(end)}\n${body}`);
  }
  if (cues.length === 0) throw new SubtitleError('No subtitle lines were found in the file.');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** A .vtt as it is (normalised line ends), after checking its header and that it has at least one cue. */
export function checkVtt(text: string): string {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(normalised))
    throw new SubtitleError('A WebVTT file must start with “WEBVTT”.');
  if (!/\d{2}:\d{2}(?::\d{2})?\.\d{3}\s+-->\s+\d{2}:\d{2}(?::\d{2})?\.\d{3}/.test(normalised))
    throw new SubtitleError('No subtitle lines were found in the file.');
  return normalised.endsWith('\n') ? normalised : `${normalised}\n`;
}

/** WebVTT text for an uploaded file, by its extension. */
export function toWebVtt(fileName: string, data: Buffer): string {
  const extension = fileName.toLowerCase().split('.').pop();
  const text = decodeSubtitleText(data);
  if (extension === 'vtt') return checkVtt(text);
  if (extension === 'srt') return srtToVtt(text);
  throw new SubtitleError('Choose a .vtt or .srt file.');
}
