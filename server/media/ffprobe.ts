// ffprobe as a pure function over a file: what an upload really is (streams, size, duration), or why it is not a video.
import { execFile } from 'node:child_process';

export type ProbeResult = {
  duration: number;
  width: number;
  height: number;
  /** Frames per second of the video stream (25 when ffprobe cannot tell). */
  fps: number;
  videoCodec: string;
  audioCodec: string | null;
  formatName: string;
};

/** A file that is not a usable video; `reason` is written for the person who uploaded it. */
export class NotAVideoError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotAVideoError';
  }
}

// Image formats that ffprobe reads as a one-frame "video".
const STILL_FORMATS = /^(image2|png_pipe|jpeg_pipe|webp_pipe|gif|bmp_pipe|tiff_pipe|svg_pipe)/;
const STILL_CODECS = new Set(['mjpeg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'svg']);

function parseRate(rate: string | undefined) {
  const [num, den] = (rate ?? '').split('/').map(Number);
  const fps = num && den ? num / den : Number.NaN;
  return Number.isFinite(fps) && fps > 0 && fps < 1000 ? fps : 25;
}

type FfprobeJson = {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    disposition?: { attached_pic?: number };
  }>;
  format?: { format_name?: string; duration?: string };
};

/** Reads the streams of a file; throws NotAVideoError when it has no video stream or no sane duration. */
export async function probeVideo(
  file: string,
  options: { ffprobePath?: string; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  const json = await new Promise<FfprobeJson>((resolve, reject) => {
    execFile(
      options.ffprobePath ?? 'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(new Error(`ffprobe not found (${options.ffprobePath ?? 'ffprobe'})`));
          return;
        }
        if (error) {
          // ffprobe starts its message with the file's path: a server folder the uploader must not see.
          const detail = (String(stderr).trim().split('\n').pop() ?? '')
            .replaceAll(file, '')
            .replace(/^:\s*/, '');
          reject(new NotAVideoError(`ffprobe cannot read it${detail ? `: ${detail}` : ''}`));
          return;
        }
        try {
          resolve(JSON.parse(stdout) as FfprobeJson);
        } catch {
          reject(new NotAVideoError('ffprobe cannot read it'));
        }
      },
    );
  });
  const formatName = json.format?.format_name ?? '';
  const video = json.streams?.find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic,
  );
  if (!video || STILL_FORMATS.test(formatName) || STILL_CODECS.has(video.codec_name ?? '')) {
    throw new NotAVideoError('it has no video stream');
  }
  if (!video.width || !video.height) throw new NotAVideoError('its video has no picture size');
  const duration = Number(json.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration < 0.5) {
    throw new NotAVideoError('it has no playable duration');
  }
  if (duration > 24 * 60 * 60) throw new NotAVideoError('it claims to last more than 24 hours');
  const audio = json.streams?.find((stream) => stream.codec_type === 'audio');
  return {
    duration,
    width: video.width,
    height: video.height,
    fps: parseRate(video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video.r_frame_rate),
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    formatName,
  };
}
