import { describe, expect, it } from 'vitest';
import { progressByEpisode, resumeTarget } from './watch-progress.ts';

const servers = [
  {
    id: 1,
    episodes: [
      { id: 11, ep: 'tap-1', name: 'Tập 1' },
      { id: 12, ep: 'tap-2', name: 'Tập 2' },
      { id: 13, ep: 'tap-3', name: 'Tập 3' },
    ],
  },
  { id: 2, episodes: [{ id: 21, ep: 'tap-1', name: 'Tập 1' }] },
];
const place = (episodeId: number, position: number, duration = 100) => ({
  episodeId,
  position,
  duration,
});

describe('episode progress', () => {
  it('is each begun episode’s share, at most the whole', () => {
    expect(
      progressByEpisode([place(11, 45), place(12, 100), place(13, 120), place(21, 1, 0)]),
    ).toEqual({ 11: 0.45, 12: 1, 13: 1 });
  });
});

describe('where Watch goes', () => {
  it('resumes the latest episode left part-way, on its server', () => {
    expect(resumeTarget(servers, [place(12, 40), place(11, 100)])).toEqual({
      ep: 'tap-2',
      name: 'Tập 2',
      server_id: 1,
      resume: true,
    });
    expect(resumeTarget(servers, [place(21, 10)])).toMatchObject({ server_id: 2, resume: true });
  });

  it('goes on to the next episode after one watched past 90 %', () => {
    expect(resumeTarget(servers, [place(12, 90), place(13, 10)])).toEqual({
      ep: 'tap-3',
      name: 'Tập 3',
      server_id: 1,
      resume: false,
    });
  });

  it('has nothing to say after the last episode, or for episodes no longer listed', () => {
    expect(resumeTarget(servers, [place(13, 95)])).toBeNull();
    expect(resumeTarget(servers, [place(99, 10), place(11, 10)])).toMatchObject({ ep: 'tap-1' });
    expect(resumeTarget(servers, [])).toBeNull();
  });
});
