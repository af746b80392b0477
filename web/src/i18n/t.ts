import type { TFunction } from 'i18next';

/** A translate function for keys only known at run time (server message keys, menu labels). */
export type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Loosens a typed t(): unknown keys come back as the key itself (i18next default). */
export const looseT = (t: TFunction | LooseT): LooseT => t as unknown as LooseT;
