import Bowser from 'bowser';
import type { AccountSession } from '@summa/shared';

export type DeviceDescription = Pick<AccountSession, 'browser' | 'os' | 'device'>;

const DEVICES = new Set(['mobile', 'tablet', 'desktop']);

/** "131.0.0.0" → "131": the major version is what a reader recognises. */
function major(version: string | undefined): string | undefined {
  return version?.split('.')[0] || undefined;
}

function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

/**
 * What a reader recognises of a sign-in's browser: "Chrome 131" on "Windows 10", a phone or a
 * computer. Parsed with bowser (MIT); anything it cannot read is null rather than a guess.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent?.trim()) return { browser: null, os: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: named(parsed.browser.name, major(parsed.browser.version)),
    // Windows reports "NT 10.0", whose name is "10"; macOS's marketing names are left out.
    os: named(parsed.os.name, parsed.os.name === 'Windows' ? parsed.os.versionName : parsed.os.version),
    device: type && DEVICES.has(type) ? (type as DeviceDescription['device']) : null,
  };
}
