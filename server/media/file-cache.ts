// A bounded in-memory cache of small hot files (HLS segments, playlists, sprites): viewers of one episode fetch
// the same segments, and answering from memory is what made Node match nginx in FIELD-NOTES' measurements.
export type CachedFile = {
  body: Buffer;
  size: number;
  mtimeMs: number;
  etag: string;
  /** When the file was last checked against the disk. */
  checkedAt: number;
};

export type FileCache = ReturnType<typeof createFileCache>;

export function createFileCache(options: { maxBytes: number; maxFileBytes: number }) {
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, CachedFile>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  };
  return {
    maxFileBytes: options.maxFileBytes,
    get(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key: string, entry: CachedFile) {
      if (entry.size > options.maxFileBytes || entry.size > options.maxBytes) return;
      drop(key);
      entries.set(key, entry);
      bytes += entry.size;
      while (bytes > options.maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    delete: drop,
    /** Forgets every file under a storage path prefix (a video moved to the trash or deleted). */
    evictPrefix(prefix: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) drop(key);
    },
    get size() {
      return { files: entries.size, bytes };
    },
  };
}
