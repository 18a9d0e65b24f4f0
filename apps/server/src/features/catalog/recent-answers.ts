/**
 * A bounded map that forgets its least recently used entry first. Search-box traffic repeats a
 * lot (every reader typing 'ha', 'hab', 'habi'...), so recent answers are worth keeping.
 */
export class RecentAnswers<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key`, worked out by `answer` unless a recent one is known. */
  get(key: string, answer: () => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, known);
      return known;
    }
    const fresh = answer();
    this.entries.set(key, fresh);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return fresh;
  }
}
