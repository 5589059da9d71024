import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatCurrency,
  formatDate,
  formatDuration,
  formatFileSize,
  getInitials,
  INVALID_DATE_TEXT,
} from './format.ts';

/** Each number formatter against its table of inputs and the text it must give. */
it.each<[string, (value: number) => string, Array<[number, string]>]>([
  [
    'formatCurrency shows VND in vi-VN format without decimals',
    formatCurrency,
    [
      [1234567, '1.234.567\u00a0₫'],
      [0, '0\u00a0₫'],
      [99.6, '100\u00a0₫'],
      [Number.NaN, 'Không rõ'],
    ],
  ],
  [
    'formatFileSize is 1024-based with 2 decimals from B to PB',
    formatFileSize,
    [
      [0, '0 B'],
      [1023, '1023 B'],
      [1024, '1.00 KB'],
      [1536, '1.50 KB'],
      [1048576, '1.00 MB'],
      [5 * 1024 ** 3, '5.00 GB'],
      [1024 ** 4, '1.00 TB'],
      [1024 ** 5, '1.00 PB'],
      [2048 * 1024 ** 5, '2048.00 PB'],
      [-1, 'Không rõ'],
    ],
  ],
  [
    'formatDuration is Xh Ym Zs without leading zero units',
    formatDuration,
    [
      [3725, '1h 2m 5s'],
      [3600, '1h 0m 0s'],
      [65, '1m 5s'],
      [5.9, '5s'],
      [0, '0s'],
      [-3, 'Không rõ'],
    ],
  ],
])('%s', (_name, format, table) => {
  for (const [value, text] of table) expect(format(value), String(value)).toBe(text);
});

describe('formatDate', () => {
  const date = new Date(Date.UTC(2024, 2, 5, 17, 4, 9));
  it('is dd/MM/yyyy in UTC by default, with optional 24-hour time', () => {
    expect(formatDate(date)).toBe('05/03/2024');
    expect(formatDate(date, { time: true })).toBe('05/03/2024 17:04');
    expect(formatDate('2024-12-31T23:59:00Z', { time: true })).toBe('31/12/2024 23:59');
  });
  it('takes a time zone', () => {
    expect(formatDate(date, { time: true, timeZone: 'Asia/Ho_Chi_Minh' })).toBe('06/03/2024 00:04');
  });
  it('shifts by whole months, clamping the day', () => {
    expect(formatDate('2024-01-31T00:00:00Z', { monthOffset: 1 })).toBe('29/02/2024');
    expect(formatDate('2023-01-31T00:00:00Z', { monthOffset: 1 })).toBe('28/02/2023');
    expect(formatDate('2024-03-15T00:00:00Z', { monthOffset: -3 })).toBe('15/12/2023');
  });
  it('shows Không rõ for anything that is not a date', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(formatDate(value)).toBe(INVALID_DATE_TEXT);
    }
    expect(INVALID_DATE_TEXT).toBe('Không rõ');
  });
});

describe('getInitials', () => {
  it('gives at most two uppercase letters', () => {
    const names = ['Nguyễn Văn An', 'madonna', 'đức anh', '   '];
    expect(names.map((name) => getInitials(name))).toEqual(['NA', 'M', 'ĐA', '?']);
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [754.9, '12:34'],
    [3723, '1:02:03'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s s reads %s', (seconds, clock) => {
    expect(formatClock(seconds)).toBe(clock);
  });
});
