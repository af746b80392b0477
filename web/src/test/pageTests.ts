import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '../i18n/setup';
import type { Session } from '../session/session';
import { DEFAULT_APP_SETTINGS } from '../settings/defaults';
import { type Answers, type ApiCall, ok, stubApi } from './api';

/** A signed-in session for the account pages' tests. */
export const SIGNED_IN: Session = { status: 'authenticated', user: { sub: 'u1', name: 'Lan' } };

/**
 * The common frame of an account page's tests (web/src/test/api.tsx): before each, the API
 * stubbed with the default app settings and the window focused; after each, the page unmounted,
 * fetch restored and the language back to vi-VN. Read `answers` and `calls` inside the tests.
 */
export function pageTests(): { answers: Answers; calls: ApiCall[] } {
  // Lazy pages and their queries can take more than a second in a busy jsdom run.
  configure({ asyncUtilTimeout: 5000 });
  const state = { answers: {} as Answers, calls: [] as ApiCall[] };
  beforeEach(() => {
    focusManager.setFocused(true);
    state.answers = { '/api/app-settings': ok({ ...DEFAULT_APP_SETTINGS }) };
    state.calls = stubApi(state.answers);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear(); // the tab's marks (embedded, language) belong to one test
    await act(() => i18n.changeLanguage('vi-VN'));
  });
  return state;
}
