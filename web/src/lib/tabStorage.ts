/**
 * This tab's sessionStorage, or null where storage is refused (cookies blocked, some web views):
 * then what it would keep is simply not kept.
 */
export const tabStorage = (win?: Window): Storage | null => {
  try {
    return (win ?? window).sessionStorage;
  } catch {
    return null;
  }
};
