import type { AccountSession } from '@summa/shared';

/** The test reader's signed-in devices: this laptop, an Android phone and a device of no known kind. */
export function testAccountSessions(): AccountSession[] {
  return [
    {
      id: '3f9b7a52-1c1e-4e0a-9a39-6c1f0b5d2e11',
      browser: 'Chrome 131',
      os: 'Android 15',
      device: 'mobile',
      firstSeenAt: '2026-03-02T09:15:00.000Z',
      lastSeenAt: '2026-03-09T18:40:00.000Z',
      current: false,
    },
    {
      id: '8d2c4e6f-5a7b-4c9d-8e1f-2a3b4c5d6e7f',
      browser: 'Firefox 133',
      os: 'Windows 11',
      device: 'desktop',
      firstSeenAt: '2026-03-01T12:00:00.000Z',
      lastSeenAt: '2026-03-10T12:00:00.000Z',
      current: true,
    },
    {
      id: 'b1a2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      browser: null,
      os: null,
      device: null,
      firstSeenAt: '2026-02-20T08:00:00.000Z',
      lastSeenAt: '2026-02-21T08:00:00.000Z',
      current: false,
    },
  ];
}
