// What an uploaded file is, by its bytes (decision 050): images, subtitles and documents are taken, anything else
// is refused — whatever name or type the client declared. The name only chooses between text kinds (a `.srt`
// must read as SubRip, a `.vtt` as WebVTT); a binary file gets the extension of what its content is.
import { Transform, type TransformCallback } from 'node:stream';

/** The file is not one Local Files takes; `message` says why, for the person who sent it. */
export class RejectedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RejectedFileError';
  }
}

export type SniffedType = {
  kind: 'image' | 'subtitle' | 'document';
  extension: string;
};

const HEAD_BYTES = 8192;

/**
 * Passes bytes through while remembering the first 8 KB, counting them, and checking that the whole is UTF-8 with
 * no NUL byte (what a text file must be).
 */
export class Sniffer extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  text = true;
  private decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.text) {
      try {
        if (chunk.includes(0)) this.text = false;
        else this.decoder.decode(chunk, { stream: true });
      } catch {
        this.text = false;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.text) {
      try {
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    }
    callback();
  }
}

const starts = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (head: Buffer, start: number, end: number) => head.toString('latin1', start, end);

/** The binary formats taken, by their signatures. */
function binaryType(head: Buffer): SniffedType | null {
  if (starts(head, [0xff, 0xd8, 0xff])) return { kind: 'image', extension: 'jpg' };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', extension: 'png' };
  if (/^GIF8[79]a$/.test(ascii(head, 0, 6))) return { kind: 'image', extension: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { kind: 'image', extension: 'webp' };
  if (ascii(head, 4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(head, 8, 12)))
    return { kind: 'image', extension: 'avif' };
  if (starts(head, [0x00, 0x00, 0x01, 0x00]) && head[4]! > 0 && head.length >= 22)
    return { kind: 'image', extension: 'ico' };
  if (ascii(head, 0, 5) === '%PDF-') return { kind: 'document', extension: 'pdf' };
  return null;
}

/** Markup a browser would run or render, which no subtitle or text file of ours needs. */
const MARKUP =
  /<\s*(script|html|!doctype|iframe|svg|object|embed|body|head|meta|link|style|form)\b/i;

/**
 * The type of an uploaded file from its first bytes and whether it is clean UTF-8 text; `name` is the client's
 * file name, consulted only to pick among text kinds. Throws RejectedFileError for anything not taken.
 */
export function sniffType(head: Buffer, isText: boolean, name: string): SniffedType {
  if (!head.length) throw new RejectedFileError('The file is empty.');
  const binary = binaryType(head);
  if (binary) return binary;
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (!isText)
    throw new RejectedFileError(
      'Only images (JPEG, PNG, GIF, WebP, AVIF, ICO), subtitles (VTT, SRT, ASS) and documents (PDF, TXT) are taken.',
    );
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (text.startsWith('#!') || MARKUP.test(text))
    throw new RejectedFileError('Scripts and web pages (HTML, SVG) are not taken.');
  if (extension === 'vtt') {
    if (!/^WEBVTT(?:[ \t]|\r?\n|$)/.test(text))
      throw new RejectedFileError('A .vtt file must start with WEBVTT.');
    return { kind: 'subtitle', extension: 'vtt' };
  }
  if (extension === 'srt') {
    if (!/^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(text))
      throw new RejectedFileError('A .srt file must start with a numbered cue and its times.');
    return { kind: 'subtitle', extension: 'srt' };
  }
  if (extension === 'ass' || extension === 'ssa') {
    if (!/^\s*\[Script Info\]/i.test(text))
      throw new RejectedFileError('An .ass file must start with [Script Info].');
    return { kind: 'subtitle', extension: 'ass' };
  }
  if (extension === 'txt') return { kind: 'document', extension: 'txt' };
  throw new RejectedFileError(
    'Only images (JPEG, PNG, GIF, WebP, AVIF, ICO), subtitles (VTT, SRT, ASS) and documents (PDF, TXT) are taken.',
  );
}
