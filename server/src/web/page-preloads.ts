// The first page most people meet is the login page, and its code is a lazy chunk of the app
// (web/src/routes.tsx): the browser would learn of it only after the entry script ran, and of its
// imports only after that. The server names them in the page's head instead (issue 27 point 1),
// read from the build's manifest (web/vite.config.ts `manifest: true`): the page chunk, the chunks
// it imports (transitively) and their styles, minus what index.html already loads.

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type ViteManifest = Record<string, ManifestChunk>;

/** The link tags that load chunk `name` (its manifest `name`, e.g. 'LoginPage') and what it needs at once. */
export function preloadTags(manifest: ViteManifest, name: string): string {
  const [key] = Object.entries(manifest).find(([, chunk]) => chunk.name === name && !chunk.isEntry) ?? [];
  if (!key) return '';
  // The entry's own static imports are in index.html already.
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set(entry?.imports ?? []);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || chunk.isEntry || loaded.has(at)) return;
    loaded.add(at);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(key);
  // crossorigin as Vite's own preload helper sets it, so the chunk's later request is this one.
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // Styles apply at once: the login page's first paint (first-paint.ts) is drawn with them.
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('');
}
