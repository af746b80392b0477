/** Leaves the app for a provider URL (a full page load: the provider's cookies must travel). */
export const leaveTo = (url: string): void => window.location.assign(url);
