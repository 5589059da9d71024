// Shared formatting for server and browser: VND, vi-VN dates, file sizes, durations, slugs and initials.
export const INVALID_DATE_TEXT = 'Không rõ';

// Made on first use: a currency formatter costs about 20 ms of a browser's main thread to make (its locale and
// currency data), and this module is in every page's first scripts.
let currency: Intl.NumberFormat | undefined;

export function formatCurrency(amount: number): string {
  if (!Number.isFinite(amount)) return INVALID_DATE_TEXT;
  currency ??= new Intl.NumberFormat('vi-VN', {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  });
  return currency.format(amount);
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('vi-VN', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

let siteTimeZone = 'UTC';

/**
 * Web Info's time zone, that dates are shown in unless a call names one: set by the root layout as it renders, on
 * the server and in the browser alike, so that both write the same text.
 */
export function setSiteTimeZone(zone: string) {
  siteTimeZone = zone;
}

/** vi-VN `dd/MM/yyyy`, with `time` `dd/MM/yyyy HH:mm`; `Không rõ` for anything that is not a date. */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: { time?: boolean; monthOffset?: number; timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE_TEXT;
  let date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE_TEXT;
  if (options.monthOffset) date = addMonths(date, options.monthOffset);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateFormat(options.timeZone ?? siteTimeZone).formatToParts(date);
  } catch {
    return INVALID_DATE_TEXT;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return options.time ? `${day} ${part('hour')}:${part('minute')}` : day;
}

const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** 1024-based, 2 decimals: `1.50 KB`; bytes without decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return INVALID_DATE_TEXT;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.floor(value)} B` : `${value.toFixed(2)} ${sizeUnits[unit]}`;
}

/** `Xh Ym Zs`, leaving out leading zero units: `1h 2m 5s`, `1m 5s`, `5s`. */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return INVALID_DATE_TEXT;
  const seconds = Math.floor(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/** A player's clock: `12:34`, `1:02:03`. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(seconds % 60)}` : `${m}:${pad(seconds % 60)}`;
}

/** At most two letters: the first of the first word and of the last word. */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0] as string)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] as string)[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
