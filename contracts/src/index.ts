export * from './api.js';
export * from './locales.js';
export * from './settings.js';
export * from './i18n/index.js';
