// The confirm-modal host: modals.openConfirmModal (@mantine/modals) dispatches window events that
// this provider answers (opened through openConfirm.ts, which waits for it). Loaded only with the pages that open modals (routes.tsx, App.tsx).
// Several may be mounted (AppProviders and a layout): one at a time answers, or every open would
// show two dialogs.
import { ModalsProvider } from '@mantine/modals';
import { useEffect, useReducer, useState } from 'react';
import { modalsHostReady } from './openConfirm';

const hosts = new Map<symbol, () => void>();
let active: symbol | null = null;

export default function ModalsHost() {
  const [id] = useState(() => Symbol('modals-host'));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    hosts.set(id, rerender);
    if (active === null) {
      active = id;
      rerender();
    }
    return () => {
      hosts.delete(id);
      if (active !== id) return;
      const [next] = hosts.entries();
      active = next?.[0] ?? null;
      next?.[1]();
    };
  }, [id]);
  const shown = active === id;
  // After the commit that rendered the provider (children's effects run first): it listens now.
  useEffect(() => {
    if (shown) modalsHostReady();
  }, [shown]);
  return shown ? <ModalsProvider /> : null;
}
