import { HUB_FINAL_EVENTS, type HubEvent, hubEventSchema } from '@portico/contracts';
import { useEffect, useRef } from 'react';
import { useAppSettings } from '../settings/useAppSettings';

/** After a refused connection (a limit, a server away) the hub is tried again this much later. */
const RETRY_MS = 5_000;

/**
 * Listens to the real-time hub (spec §7 "A real-time hub connection with a userId query set to
 * the QR code or prompt key"; server-sent events, docs/decisions/006-hub-server-sent-events.md)
 * while `key` is set. A dropped connection is opened again by the browser, one the server refused
 * by this hook, and the server's first event then says what happened meanwhile; a final event
 * (HUB_FINAL_EVENTS) closes it.
 */
export function useHub(key: string | null | undefined, onEvent: (event: HubEvent) => void) {
  const { hubUrl } = useAppSettings().settings.configs;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const url = new URL(hubUrl, window.location.href);
    url.searchParams.set('userId', key);
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const connect = () => {
      source = new EventSource(url.toString());
      source.onmessage = (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        const event = hubEventSchema.safeParse(data);
        if (!event.success) return;
        if (HUB_FINAL_EVENTS.has(event.data.type)) {
          over = true;
          source?.close();
        }
        handler.current(event.data);
      };
      // The browser retries a dropped stream itself, but not one answered with an error status.
      source.onerror = () => {
        if (over || source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, RETRY_MS);
      };
    };
    connect();
    return () => {
      over = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [key, hubUrl]);
}
