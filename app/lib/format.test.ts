import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatDate,
  formatDuration,
  formatFileSize,
  getInitials,
  INVALID_DATE_TEXT,
} from './format.ts';

describe('formatCurrency', () => {
  it('shows VND in vi-VN format without decimals', () => {
    expect(formatCurrency(1234567)).toBe('1.234.567\u00a0₫');
    expect(formatCurrency(0)).toBe('0\u00a0₫');
    expect(formatCurrency(99.6)).toBe('100\u00a0₫');
    expect(formatCurrency(Number.NaN)).toBe('Không rõ');
  });
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

describe('formatFileSize', () => {
  it('is 1024-based with 2 decimals from B to PB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(1048576)).toBe('1.00 MB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1.00 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1.00 PB');
    expect(formatFileSize(2048 * 1024 ** 5)).toBe('2048.00 PB');
    expect(formatFileSize(-1)).toBe('Không rõ');
  });
});

describe('formatDuration', () => {
  it('is Xh Ym Zs without leading zero units', () => {
    expect(formatDuration(3725)).toBe('1h 2m 5s');
    expect(formatDuration(3600)).toBe('1h 0m 0s');
    expect(formatDuration(65)).toBe('1m 5s');
    expect(formatDuration(5.9)).toBe('5s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-3)).toBe('Không rõ');
  });
});

describe('getInitials', () => {
  it('gives at most two uppercase letters', () => {
    expect(getInitials('Nguyễn Văn An')).toBe('NA');
    expect(getInitials('madonna')).toBe('M');
    expect(getInitials('đức anh')).toBe('ĐA');
    expect(getInitials('   ')).toBe('?');
  });
});
