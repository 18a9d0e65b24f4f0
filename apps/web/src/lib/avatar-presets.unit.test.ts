import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AVATAR_PRESETS } from '@summa/shared';
import { describe, expect, it } from 'vitest';

const AVATARS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/avatars');
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Kept small: the picker shows all twelve at once, and the header loads one on every screen. */
const MAX_BYTES = 3 * 1024;

function parseSvg(text: string): Document {
  return new DOMParser().parseFromString(text, 'image/svg+xml');
}

/** Every URL an element points at through an attribute, `href` or `url(...)`, that is not a `#fragment` of the file itself. */
function outsideReferences(svg: Document): string[] {
  const found: string[] = [];
  for (const element of Array.from(svg.getElementsByTagName('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      if (/(^|:)href$/i.test(name) && !value.trim().startsWith('#')) found.push(`${name}=${value}`);
      for (const [, target = ''] of value.matchAll(/url\(\s*['"]?([^'")]*)/gi)) {
        if (!target.startsWith('#')) found.push(`${name}=${value}`);
      }
    }
  }
  return found;
}

/** The names of all `on*` attributes (onload, onclick...), which run script when the SVG is opened. */
function eventHandlers(svg: Document): string[] {
  return Array.from(svg.getElementsByTagName('*')).flatMap((element) =>
    Array.from(element.attributes)
      .map((attribute) => attribute.name)
      .filter((name) => /^on/i.test(name)),
  );
}

describe('avatar presets', () => {
  it('ships exactly one SVG file per preset', () => {
    const files = readdirSync(AVATARS).sort();
    expect(files).toEqual(AVATAR_PRESETS.map((name) => `${name}.svg`).sort());
  });

  it.each(AVATAR_PRESETS)('%s.svg is a small, self-contained 128×128 SVG with no script or text', (name) => {
    const bytes = readFileSync(path.join(AVATARS, `${name}.svg`));
    expect(bytes.length).toBeLessThan(MAX_BYTES);
    const text = bytes.toString('utf8');
    const svg = parseSvg(text);

    expect(svg.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = svg.documentElement;
    expect(root.namespaceURI).toBe(SVG_NS);
    expect(root.localName).toBe('svg');
    expect(root.getAttribute('viewBox')).toBe('0 0 128 128');

    expect(text).not.toMatch(/<script/i);
    for (const tag of ['script', 'foreignObject', 'text', 'image', 'style']) {
      expect(svg.getElementsByTagName(tag), tag).toHaveLength(0);
    }
    expect(eventHandlers(svg)).toEqual([]);
    expect(outsideReferences(svg)).toEqual([]);
  });

  it('the checks catch a script, a handler, an outside reference and broken markup', () => {
    const open = `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 128 128">`;
    const hostile = parseSvg(
      `${open}<circle r="4" onload="alert(1)" fill="url(https://x.test/p#g)"/>` +
        `<use xlink:href="https://x.test/s.svg#a"/><script>alert(1)</script></svg>`,
    );
    expect(hostile.getElementsByTagName('script')).toHaveLength(1);
    expect(eventHandlers(hostile)).toEqual(['onload']);
    expect(outsideReferences(hostile)).toHaveLength(2);
    expect(outsideReferences(parseSvg(`${open}<use href="#a"/><g fill="url(#b)"/></svg>`))).toEqual([]);
    expect(
      parseSvg(`${open}<circle r="4"></svg>`).getElementsByTagName('parsererror').length,
    ).toBeGreaterThan(0);
  });
});
