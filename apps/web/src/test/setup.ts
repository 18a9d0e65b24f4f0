import { notifyManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// TanStack Query tells components about new answers after a setTimeout(0), which a test's fake
// clock only runs when moved on; a microtask delivers them as the answers land, fake clock or not.
notifyManager.setScheduler(queueMicrotask);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
