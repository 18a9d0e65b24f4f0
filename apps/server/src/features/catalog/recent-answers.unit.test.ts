import { describe, expect, it } from 'vitest';
import { RecentAnswers } from './recent-answers.js';

describe('RecentAnswers', () => {
  it('works an answer out once and then remembers it', () => {
    const answers = new RecentAnswers<number>(2);
    let calls = 0;
    const answer = () => (calls += 1);
    expect(answers.get('a', answer)).toBe(1);
    expect(answers.get('a', answer)).toBe(1);
    expect(calls).toBe(1);
  });

  it('forgets the least recently used answer past its capacity', () => {
    const answers = new RecentAnswers<string>(2);
    answers.get('a', () => 'first a');
    answers.get('b', () => 'first b');
    answers.get('a', () => 'second a'); // a is now the most recent
    answers.get('c', () => 'first c'); // b goes
    expect(answers.size).toBe(2);
    expect(answers.get('a', () => 'third a')).toBe('first a');
    expect(answers.get('b', () => 'second b')).toBe('second b');
  });
});
