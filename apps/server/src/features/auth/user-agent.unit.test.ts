import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.js';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome 131', os: 'Windows 10', device: 'desktop' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 18', os: 'iOS 18.1', device: 'mobile' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 131', os: 'Android 15', device: 'mobile' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS 17.5', device: 'tablet' },
    ],
  ])('names the browser, system and device of %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it('answers nulls for a missing or unreadable user agent instead of guessing', () => {
    const unknown = { browser: null, os: null, device: null };
    expect(describeUserAgent(undefined)).toEqual(unknown);
    expect(describeUserAgent('')).toEqual(unknown);
    expect(describeUserAgent('   ')).toEqual(unknown);
    expect(describeUserAgent('lightMyRequest')).toEqual(unknown);
  });
});
