import { toast } from '../lib/toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeApi, type FakeApi, type FakeRoutes } from './fake-api';

/** Clears after each test what a screen's test leaves behind: open toasts, stubbed globals (the fake API), spies. */
export function clearAfterEach(): void {
  afterEach(() => {
    toast.dismiss();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export interface RouteFixture {
  /** The fake API, made anew before each test. */
  readonly api: FakeApi;
  /** What the route under test answers: the first answer again before each test, which a test may replace. */
  answer: () => Response | Promise<Response>;
}

/**
 * The set-up of the tests of a screen around one endpoint: before each test, a fake API whose `route`
 * answers `answer()`, beside the `others`; after each, what {@link clearAfterEach} clears.
 */
export function routeFixture(
  route: string,
  firstAnswer: () => Response,
  others: FakeRoutes = {},
): RouteFixture {
  let api: FakeApi | undefined;
  const fixture: RouteFixture = {
    get api() {
      if (!api) throw new Error('The fake API is made before each test.');
      return api;
    },
    answer: firstAnswer,
  };
  beforeEach(() => {
    fixture.answer = firstAnswer;
    api = fakeApi({ [route]: () => fixture.answer(), ...others });
  });
  clearAfterEach();
  return fixture;
}
