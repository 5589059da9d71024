// What an episode is made with when a test does not say, shared by the API tests' factories (tests/factories.ts)
// and the browser tests' fixtures (tests/e2e/fixtures.ts): they make episodes through different clients, alike.

/** The server an episode goes on: the one given as `server_id`, else the movie's first, else a new one. */
export async function episodeServerId(
  overrides: Record<string, unknown>,
  firstServer: () => Promise<{ id: number } | undefined>,
  newServer: () => Promise<{ id: number }>,
) {
  const given = overrides.server_id as number | undefined;
  if (given !== undefined) return given;
  return ((await firstServer()) ?? (await newServer())).id;
}

/** An HLS source on a CDN unless another type is given; an embed gets a player address. Unique by `stamp`. */
export function episodeSource(overrides: Record<string, unknown>, stamp: string) {
  const type = (overrides.source_type as string | undefined) ?? 'hls';
  return {
    source_type: type,
    ...(type === 'hls' ? { source_url: `https://cdn.example/${stamp}/master.m3u8` } : {}),
    ...(type === 'embed' ? { source_url: `https://player.example/embed/${stamp}` } : {}),
  };
}
