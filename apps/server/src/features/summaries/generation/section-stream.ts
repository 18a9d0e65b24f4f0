/**
 * Reads a JSON object as it streams in and hands over each top-level property as soon as its
 * value is complete, so that a reader sees the first section while the model writes the next.
 * It only tracks strings and nesting; the whole text is still parsed and validated at the end.
 */
export class SectionStream {
  private text = '';
  private scanned = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Where the current top-level member (`"key": value`) starts, after `{` or `,`. */
  private memberStart = -1;

  constructor(private readonly onSection: (key: string, value: unknown) => void) {}

  push(chunk: string): void {
    this.text += chunk;
    for (; this.scanned < this.text.length; this.scanned++) {
      const char = this.text[this.scanned];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
        continue;
      }
      if (char === '"') this.inString = true;
      else if (char === '{' || char === '[') {
        this.depth++;
        if (this.depth === 1) this.memberStart = this.scanned + 1;
      } else if (char === '}' || char === ']') {
        if (this.depth === 1) this.emitMember(this.scanned);
        this.depth--;
      } else if (char === ',' && this.depth === 1) {
        this.emitMember(this.scanned);
        this.memberStart = this.scanned + 1;
      }
    }
  }

  /** Everything received so far. */
  get received(): string {
    return this.text;
  }

  private emitMember(end: number): void {
    if (this.memberStart < 0) return;
    const member = this.text.slice(this.memberStart, end).trim();
    if (member === '') return;
    try {
      const parsed: unknown = JSON.parse(`{${member}}`);
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>))
        this.onSection(key, value);
    } catch {
      // Not valid JSON: the final parse reports it.
    }
  }
}
