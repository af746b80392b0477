import { describe, expect, it } from 'vitest';
import { preloadTags, type ViteManifest } from './page-preloads.js';

// The shape web/vite.config.ts's build writes to dist/.vite/manifest.json.
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', name: 'index', isEntry: true, imports: ['_react-2.js'] },
  '_react-2.js': { file: 'assets/react-2.js', name: 'react' },
  '_LoginPage-3.js': {
    file: 'assets/LoginPage-3.js',
    name: 'LoginPage',
    imports: ['_react-2.js', 'index.html', '_AuthCard-4.js', '_Input-5.js'],
    css: ['assets/LoginPage-3.css'],
  },
  '_AuthCard-4.js': {
    file: 'assets/AuthCard-4.js',
    name: 'AuthCard',
    imports: ['_Input-5.js'],
    css: ['assets/AuthCard-4.css'],
  },
  '_Input-5.js': { file: 'assets/Input-5.js', name: 'Input', imports: ['index.html'] },
  '_Register-6.js': { file: 'assets/Register-6.js', name: 'RegisterPage', imports: ['_Input-5.js'] },
};

describe('page preloads (issue 27 point 1)', () => {
  it("names the page's chunk, what it imports and their styles (applied at once), once each, without what index.html loads", () => {
    expect(preloadTags(MANIFEST, 'LoginPage')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/LoginPage-3.js">',
        '<link rel="modulepreload" crossorigin href="/assets/AuthCard-4.js">',
        '<link rel="modulepreload" crossorigin href="/assets/Input-5.js">',
        '<link rel="stylesheet" crossorigin href="/assets/LoginPage-3.css">',
        '<link rel="stylesheet" crossorigin href="/assets/AuthCard-4.css">',
      ].join(''),
    );
  });

  it('names nothing for a chunk the build does not have, or without a manifest', () => {
    expect(preloadTags(MANIFEST, 'NoSuchPage')).toBe('');
    expect(preloadTags({}, 'LoginPage')).toBe('');
  });
});
