// What a signed-in viewer's watch history says about one movie's episodes: how far each one went (the episode
// lists' bars and "watched" marks) and where the movie page's Watch button goes (issue 16, decision 044).
import { isWatched } from './history.ts';

/** A viewer's place in one episode, as the history keeps it. */
export type EpisodePlace = { episodeId: number; position: number; duration: number };

/** Each begun episode's share watched, from 0 to 1 (two decimals), by episode id. */
export function progressByEpisode(places: readonly EpisodePlace[]): Record<number, number> {
  const shares: Record<number, number> = {};
  for (const place of places) {
    if (!(place.duration > 0)) continue;
    shares[place.episodeId] = Math.min(
      1,
      Math.round((place.position / place.duration) * 100) / 100,
    );
  }
  return shares;
}

export type ResumeTarget = {
  ep: string;
  name: string;
  server_id: number;
  /** True: the episode was left part-way ("Resume Tập 3"); false: the one after a finished one ("Watch Tập 4"). */
  resume: boolean;
};

type ServerList = ReadonlyArray<{
  id: number;
  episodes: ReadonlyArray<{ id: number; ep: string; name: string }>;
}>;

/**
 * The episode to go on with: the latest one watched (`places` come latest first) if it was not watched to the end,
 * else the next one on its server. Null when nothing listed was watched, or when the latest was the last one and
 * is finished: the Watch button then starts at the beginning, as for anyone.
 */
export function resumeTarget(
  servers: ServerList,
  places: readonly EpisodePlace[],
): ResumeTarget | null {
  for (const place of places) {
    for (const server of servers) {
      const index = server.episodes.findIndex((episode) => episode.id === place.episodeId);
      if (index < 0) continue;
      const finished = isWatched(place.position, place.duration);
      const target = server.episodes[finished ? index + 1 : index];
      return target
        ? { ep: target.ep, name: target.name, server_id: server.id, resume: !finished }
        : null;
    }
  }
  return null;
}
