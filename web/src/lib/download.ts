/**
 * Saves a file the browser fetches from `url` (an attachment of the same origin, such as a signed
 * private-file link: server/src/features/uploads/routes.ts) under `fileName`, without leaving the page.
 */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
