import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEFAULT_LOCALE).toBe('vi');
    expect(config.STORAGE_DRIVER).toBe('local');
    expect(config.VIDEO_MAX_UPLOAD_BYTES).toBe(20 * 1024 ** 3);
    expect(config.TRANSCODE_CONCURRENCY).toBe(1);
    expect(config.TRASH_RETENTION_DAYS).toBe(30);
  });

  it('names a bad video setting', () => {
    expect(() => loadConfig({ VIDEO_MAX_UPLOAD_BYTES: 'lots' })).toThrow(/VIDEO_MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ TRANSCODE_CONCURRENCY: '-1' })).toThrow(/TRANSCODE_CONCURRENCY/);
    expect(() => loadConfig({ TRASH_RETENTION_DAYS: '0' })).toThrow(/TRASH_RETENTION_DAYS/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('stops with a message that names each bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        ADMIN_EMAIL: 'nope',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'ADMIN_EMAIL'])
      expect(message).toContain(name);
  });

  it('takes the S3 driver with its bucket and keys, and names what is missing', () => {
    const message = (() => {
      try {
        loadConfig({ STORAGE_DRIVER: 's3' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(message).toContain(name);
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://cdn.example',
    });
    expect(config.s3).toMatchObject({
      bucket: 'media',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example',
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://phim.example/' }).publicUrl).toBe(
      'https://phim.example',
    );
  });
});
