import { describe, expect, it } from 'vitest';
import { latestAnswer } from './open-reports.tsx';

describe('latestAnswer', () => {
  it('applies the latest question’s answer, whatever order the answers come in', () => {
    const counts = latestAnswer();
    const applied: number[] = [];
    const first = counts.ask();
    const second = counts.ask();
    second(() => applied.push(0));
    first(() => applied.push(1));
    expect(applied).toEqual([0]);
  });

  it('drops the answers on their way when told to forget them', () => {
    const counts = latestAnswer();
    const applied: number[] = [];
    const before = counts.ask();
    counts.forget();
    before(() => applied.push(1));
    const after = counts.ask();
    after(() => applied.push(0));
    expect(applied).toEqual([0]);
  });
});
