import { describe, expect, it } from 'vitest';
import { isWatched, resumeAt } from './history.ts';

describe('resumeAt', () => {
  it('starts over below 5 % and from 90 % on', () => {
    expect(resumeAt(20, 1000)).toBe(0);
    expect(resumeAt(900, 1000)).toBe(0);
  });
  it('resumes between, at a whole second', () => {
    expect(resumeAt(50, 1000)).toBe(50);
    expect(resumeAt(754.8, 1000)).toBe(754);
  });
  it('starts over when the length is unknown', () => {
    expect(resumeAt(300, 0)).toBe(0);
    expect(resumeAt(300, Number.NaN)).toBe(0);
  });
});

describe('isWatched', () => {
  it('counts an episode watched from 90 % of its runtime', () => {
    expect(isWatched(899, 1000)).toBe(false);
    expect(isWatched(900, 1000)).toBe(true);
    expect(isWatched(10, 0)).toBe(false);
  });
});
