// The path gate and the content sniffing of Local Files (decision 050), without a server: what a client path may
// be, and what bytes make which type.
import { describe, expect, it } from 'vitest';
import { resolveClientPath, UnsafePathError } from './file-store.ts';
import { RejectedFileError, sniffType } from './file-sniff.ts';

describe('resolveClientPath', () => {
  it('keeps storage-relative paths of safe names', () => {
    expect(resolveClientPath('')).toBe('');
    expect(resolveClientPath('files')).toBe('files');
    expect(resolveClientPath('files/a_b-c.2/poster.png')).toBe('files/a_b-c.2/poster.png');
    expect(resolveClientPath('files/posters/')).toBe('files/posters');
  });

  it.each([
    '..',
    'files/..',
    'files/../x',
    'files/a..b',
    '/etc/passwd',
    '/',
    '%2e%2e%2f',
    'files/%252e%252e%252f',
    'files\\..\\x',
    'files/a\0b',
    'files//x',
    'files/./x',
    'files/.env',
    'files/ảnh.png',
    'files/a b.png',
    `files/${'a'.repeat(121)}`,
  ])('refuses %j', (input) => {
    expect(() => resolveClientPath(input)).toThrow(UnsafePathError);
  });
});

describe('sniffType', () => {
  const bytes = (...values: number[]) => Buffer.from(values);
  it('types binary files by their signature, whatever their name', () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0), false, 'x.png')).toEqual({
      kind: 'image',
      extension: 'jpg',
    });
    expect(sniffType(Buffer.from('GIF89a....'), false, 'x')).toEqual({
      kind: 'image',
      extension: 'gif',
    });
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), false, 'x')).toEqual({
      kind: 'image',
      extension: 'webp',
    });
    expect(sniffType(Buffer.from('\0\0\0\x1cftypavif'), false, 'x')).toEqual({
      kind: 'image',
      extension: 'avif',
    });
    expect(sniffType(Buffer.from('%PDF-1.7\n'), true, 'x.txt')).toEqual({
      kind: 'document',
      extension: 'pdf',
    });
  });

  it('takes text files only as the kind their name claims, proven by their content', () => {
    expect(sniffType(Buffer.from('\uFEFFWEBVTT\n\n'), true, 'a.VTT')).toEqual({
      kind: 'subtitle',
      extension: 'vtt',
    });
    expect(
      sniffType(Buffer.from('1\r\n00:00:01,000 --> 00:00:02,000\r\nHi'), true, 'a.srt').extension,
    ).toBe('srt');
    expect(sniffType(Buffer.from('[Script Info]\nTitle: x'), true, 'a.ass').extension).toBe('ass');
    expect(sniffType(Buffer.from('ghi chú <i>nghiêng</i>'), true, 'a.txt').extension).toBe('txt');
    for (const [content, name] of [
      ['hello', 'a.vtt'],
      ['WEBVTTX', 'a.vtt'],
      ['hello', 'a.srt'],
      ['hello', 'a.md'],
      ['<svg onload=alert(1)>', 'a.txt'],
      ['<!DOCTYPE html>', 'a.txt'],
      ['WEBVTT\n\n<script>alert(1)</script>', 'a.vtt'],
      ['#!/bin/sh', 'a.txt'],
      ['', 'a.txt'],
    ] as const)
      expect(() => sniffType(Buffer.from(content), true, name), `${name}: ${content}`).toThrow(
        RejectedFileError,
      );
    expect(() => sniffType(bytes(0x7f, 0x45, 0x4c, 0x46), false, 'a.txt')).toThrow(
      RejectedFileError,
    );
    expect(() => sniffType(Buffer.from('MZ\x90\0'), false, 'a.exe')).toThrow(RejectedFileError);
  });
});
