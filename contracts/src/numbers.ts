// Numbers as the spec writes them (account §9): comma thousands in both languages.

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with comma thousands, in both languages: 1,250,000. */
export const formatNumber = (value: number): string => thousands.format(value);
