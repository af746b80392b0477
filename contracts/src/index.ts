export * from './api.js';
export * from './auth.js';
export * from './i18n/index.js';
export * from './locales.js';
export * from './rules.js';
export * from './settings.js';
