// SRT to WebVTT to the letter, legacy encodings, and what is refused.
import { describe, expect, it } from 'vitest';
import { checkVtt, decodeSubtitleText, srtToVtt, SubtitleError, toWebVtt } from './subtitles.ts';

const SRT = `1
00:00:01,000 --> 00:00:04,500
Xin chào, <i>Mắt Biếc</i>!

2
00:00:05,250 --> 00:00:07,000 X1:100 X2:200
{\\an8}Dòng trên
dòng dưới <font color="red">đỏ</font>

`;

describe('srtToVtt', () => {
  it('writes times with dots, drops numbers and positions, keeps italics and line breaks', () => {
    expect(srtToVtt(SRT)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nXin chào, <i>Mắt Biếc</i>!\n\n' +
        '00:00:05.250 --> 00:00:07.000\nDòng trên\ndòng dưới đỏ\n',
    );
  });

  it('reads Windows line ends, a BOM, short fields and a missing cue number', () => {
    const text = '\uFEFF00:01:02,5 --> 0:01:03,25\r\nMột\r\n\r\n\r\n';
    expect(srtToVtt(text)).toBe('WEBVTT\n\n00:01:02.500 --> 00:01:03.250\nMột\n');
  });

  it('keeps an arrow inside the text from ending the cue timing', () => {
    expect(srtToVtt('1\n00:00:01,000 --> 00:00:02,000\nA --> B\n')).toContain('A → B');
  });

  it('refuses a file with no cues, naming the problem', () => {
    expect(() => srtToVtt('just some text\nand more')).toThrow(SubtitleError);
    expect(() => srtToVtt('1\n00:00:xx,000 --> 00:00:02,000\nHi')).toThrow(/not a time/);
  });
});

describe('checkVtt', () => {
  it('accepts a WebVTT file with a header line and a cue', () => {
    expect(checkVtt('WEBVTT - Vietnamese\r\n\r\n00:01.000 --> 00:02.000\r\nChào')).toBe(
      'WEBVTT - Vietnamese\n\n00:01.000 --> 00:02.000\nChào\n',
    );
  });

  it('refuses a file without the header or without cues', () => {
    expect(() => checkVtt('00:01.000 --> 00:02.000\nChào')).toThrow(/WEBVTT/);
    expect(() => checkVtt('WEBVTT\n\nNOTE nothing here')).toThrow(/No subtitle lines/);
    expect(() => checkVtt('WEBVTTX\n\n00:01.000 --> 00:02.000\nA')).toThrow(/WEBVTT/);
  });
});

describe('decodeSubtitleText', () => {
  it('reads UTF-8, UTF-16 with a BOM, and old Windows-1258 Vietnamese', () => {
    expect(decodeSubtitleText(Buffer.from('Người Nhện', 'utf8'))).toBe('Người Nhện');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Đà Lạt', 'utf16le')]);
    expect(decodeSubtitleText(utf16)).toBe('Đà Lạt');
    // "Đà" in Windows-1258: Đ is 0xD0, a is 0x61, the grave accent a combining 0xCC.
    expect(decodeSubtitleText(Buffer.from([0xd0, 0x61, 0xcc])).normalize('NFC')).toBe('Đà');
  });
});

describe('toWebVtt', () => {
  it('chooses by extension and refuses anything else', () => {
    expect(toWebVtt('Tap 1.SRT', Buffer.from(SRT))).toMatch(/^WEBVTT\n/);
    expect(toWebVtt('a.vtt', Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nA'))).toMatch(
      /^WEBVTT/,
    );
    expect(() => toWebVtt('a.ass', Buffer.from(SRT))).toThrow(/\.vtt or \.srt/);
  });
});
