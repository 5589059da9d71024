// The hot-file cache stays within its byte budget, drops the least recently used file first, skips big files,
// and forgets a whole video at once.
import { describe, expect, it } from 'vitest';
import { createFileCache } from './file-cache.ts';

const file = (size: number) => ({
  body: Buffer.alloc(size),
  size,
  mtimeMs: 1,
  etag: `"${size}"`,
  checkedAt: Date.now(),
});

describe('the file cache', () => {
  it('keeps within its budget, evicting the least recently used', () => {
    const cache = createFileCache({ maxBytes: 300, maxFileBytes: 150 });
    cache.set('videos/1/a/seg_1.m4s', file(100));
    cache.set('videos/1/a/seg_2.m4s', file(100));
    cache.set('videos/1/a/seg_3.m4s', file(100));
    // A hit makes seg_1 the most recent; the next file pushes out seg_2.
    expect(cache.get('videos/1/a/seg_1.m4s')).toBeDefined();
    cache.set('videos/2/b/seg_1.m4s', file(100));
    expect(cache.get('videos/1/a/seg_2.m4s')).toBeUndefined();
    expect(cache.get('videos/1/a/seg_1.m4s')).toBeDefined();
    expect(cache.size).toEqual({ files: 3, bytes: 300 });
    cache.set('videos/2/b/big.m4s', file(200));
    expect(cache.get('videos/2/b/big.m4s')).toBeUndefined();
  });

  it('forgets every file of a video', () => {
    const cache = createFileCache({ maxBytes: 1000, maxFileBytes: 500 });
    cache.set('videos/1/a/master.m3u8', file(10));
    cache.set('videos/1/a/360p/index.m3u8', file(10));
    cache.set('videos/12/a/master.m3u8', file(10));
    cache.evictPrefix('videos/1/');
    expect(cache.size).toEqual({ files: 1, bytes: 10 });
    expect(cache.get('videos/12/a/master.m3u8')).toBeDefined();
  });
});
