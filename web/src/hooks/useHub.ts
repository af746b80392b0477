import { type HubEvent, hubEventSchema } from '@portico/contracts';
import { useEffect, useRef } from 'react';
import { useAppSettings } from '../settings/useAppSettings';

/** After these a key has nothing more to say: the stream is closed (else EventSource reconnects). */
const FINAL: ReadonlySet<HubEvent['type']> = new Set(['qrLogin', 'promptLogin', 'promptDenied', 'expired']);

/**
 * Listens to the real-time hub (spec §7 "A real-time hub connection with a userId query set to
 * the QR code or prompt key"; server-sent events, docs/decisions/006-hub-server-sent-events.md)
 * while `key` is set. A dropped connection is opened again by the browser, and the server's first
 * event then says what happened meanwhile; a final event closes it.
 */
export function useHub(key: string | null | undefined, onEvent: (event: HubEvent) => void) {
  const { hubUrl } = useAppSettings().settings.configs;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const url = new URL(hubUrl, window.location.href);
    url.searchParams.set('userId', key);
    const source = new EventSource(url.toString());
    source.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const event = hubEventSchema.safeParse(data);
      if (!event.success) return;
      if (FINAL.has(event.data.type)) source.close();
      handler.current(event.data);
    };
    return () => source.close();
  }, [key, hubUrl]);
}
