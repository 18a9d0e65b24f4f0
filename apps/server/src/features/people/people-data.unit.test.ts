import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPeople } from './people-data.js';

// That every pick names a catalogue book is checked where the catalogue is: the import refuses to
// start otherwise (people.int.test.ts imports the file on both databases).
describe('the shipped people file', () => {
  const shipped = loadPeople();

  it('has at least 15 people from Brazil, the rest of Latin America and the English-speaking world', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(15);
    const from = (countries: string[]) =>
      shipped.filter((person) => countries.includes(person.country)).length;
    expect(from(['BR'])).toBeGreaterThanOrEqual(3);
    expect(from(['AR', 'CO', 'PE', 'MX', 'CL', 'UY'])).toBeGreaterThanOrEqual(3);
    expect(from(['US', 'GB', 'CA', 'AU', 'IE', 'NZ'])).toBeGreaterThanOrEqual(5);
    expect(new Set(shipped.map((person) => person.field)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives every pick a source that says where and when', () => {
    for (const person of shipped) {
      for (const pick of person.picks) {
        expect(pick.source.title.length, `${person.slug}: ${pick.book}`).toBeGreaterThan(3);
        expect(pick.source.date, `${person.slug}: ${pick.book}`).toMatch(/^\d{4}/);
      }
    }
  });

  it('is checked when read: a pick without its source stops the load, naming the field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summa-people-'));
    try {
      const file = path.join(dir, 'people.json');
      const person = { ...shipped[0]!, picks: [{ book: 'educated' }] };
      writeFileSync(file, JSON.stringify({ people: [person] }));
      expect(() => loadPeople(file)).toThrow(/not a valid people file[\s\S]*source/);
      writeFileSync(file, JSON.stringify({ people: [shipped[0], shipped[0]] }));
      expect(() => loadPeople(file)).toThrow(/a slug names one person/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
