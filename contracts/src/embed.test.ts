import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_PATHS, HIDE_REGISTER_MESSAGE, HOST_MESSAGE_TYPES, HOST_MESSAGES_COMPLETE } from './embed.js';

// docs/embedding.md promises hosts these messages: its tables and this list must not drift apart.
const doc = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');

/** The first cells of a table's rows under a heading: `| \`name\` | ...`. */
const firstCells = (heading: string): string[] => {
  const section = doc.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
  return [...section.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1] ?? '');
};

describe('the embedding contract and its documentation', () => {
  it('lists every message to the host, and no other', () => {
    // HOST_MESSAGES_COMPLETE holds the list to the payload map at compile time.
    expect(HOST_MESSAGES_COMPLETE).toBe(true);
    expect(firstCells('Messages to the host')).toEqual([...HOST_MESSAGE_TYPES]);
  });

  it('lists the message to the portal and every embedded route', () => {
    expect(firstCells('Messages to the portal')).toEqual([HIDE_REGISTER_MESSAGE]);
    const routes = firstCells('The embedded pages').flatMap((cell) => cell.split(/`, `/));
    for (const path of EMBEDDED_PATHS) expect(routes).toContain(path);
  });
});
