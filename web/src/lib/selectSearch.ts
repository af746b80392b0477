/** Selects get a search box only above this many options (spec account §2, §9). */
export const SEARCH_ABOVE = 10;
export const needsSearch = (optionCount: number): boolean => optionCount > SEARCH_ABOVE;
