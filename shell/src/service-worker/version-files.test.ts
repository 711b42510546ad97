import { describe, expect, it } from 'vitest';
import { type FederationManifest, remoteEntryUrl, remoteFiles, shellFiles } from './version-files.ts';

const shellOrigin = 'https://write.example';

describe('shellFiles', () => {
  it("lists the shell's built files, lazily loaded ones included, without maps, licences or entries", () => {
    const files = shellFiles({
      shellOrigin,
      assetManifest: {
        allFiles: [
          '/static/js/index.eebda28e2f.js',
          '/static/js/async/q.de7eff58f1.js',
          '/static/css/async/w.968a266108.css',
          '/static/js/async/q.de7eff58f1.js.LICENSE.txt',
          '/static/js/index.eebda28e2f.js.map',
          '/index.html',
          '/mf-manifest.json',
        ],
      },
      indexHtml: '<script defer src="/static/js/index.eebda28e2f.js"></script>',
    });
    expect(files).toEqual([
      `${shellOrigin}/static/js/index.eebda28e2f.js`,
      `${shellOrigin}/static/js/async/q.de7eff58f1.js`,
      `${shellOrigin}/static/css/async/w.968a266108.css`,
    ]);
  });

  it('adds what index.html loads from its own origin even when the asset manifest misses it', () => {
    const files = shellFiles({
      shellOrigin,
      assetManifest: { allFiles: ['/static/js/index.old.js'] },
      indexHtml:
        '<link rel="icon" href="/favicon.svg"><script src="/static/js/index.new.js"></script>' +
        '<script src="https://cdn.other.example/analytics.js"></script>',
    });
    expect(files).toEqual([
      `${shellOrigin}/static/js/index.old.js`,
      `${shellOrigin}/favicon.svg`,
      `${shellOrigin}/static/js/index.new.js`,
    ]);
  });
});

const chatManifestUrl = 'https://chat.cdn.example/v3/mf-manifest.json';
const reactAssets = { js: { sync: ['static/js/async/7.ac579c5928.js'], async: [] } };
const chatManifest: FederationManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      assets: {
        js: { sync: ['static/js/async/__federation_expose_ChatPanel.js'], async: ['static/js/async/2.js'] },
        css: {
          sync: ['static/css/async/__federation_expose_ChatPanel.css'],
          async: ['static/css/async/4.css'],
        },
      },
    },
    { assets: { js: { sync: ['static/js/async/2.js'] } } },
  ],
  shared: [
    { name: 'react', version: '19.3.1', assets: reactAssets },
    { name: 'rxjs', version: '7.9.0', assets: { js: { sync: ['static/js/async/8.rxjs.js'] } } },
    { name: 'date-fns', version: '4.4.0', assets: { js: { sync: ['static/js/async/d.date-fns.js'] } } },
  ],
};

describe('remoteFiles', () => {
  it("lists every file of a remote's parcels, resolved beside its manifest, once each", () => {
    const files = remoteFiles({ manifestUrl: chatManifestUrl, manifest: chatManifest, shellShared: [] });
    expect(files.slice(0, 4)).toEqual([
      'https://chat.cdn.example/v3/static/js/async/__federation_expose_ChatPanel.js',
      'https://chat.cdn.example/v3/static/js/async/2.js',
      'https://chat.cdn.example/v3/static/css/async/__federation_expose_ChatPanel.css',
      'https://chat.cdn.example/v3/static/css/async/4.css',
    ]);
    expect(new Set(files).size).toBe(files.length);
  });

  it("leaves out the remote's copies of dependencies the shell shares at the same or a higher version", () => {
    const files = remoteFiles({
      manifestUrl: chatManifestUrl,
      manifest: chatManifest,
      shellShared: [
        { name: 'react', version: '19.3.1', assets: reactAssets },
        { name: 'rxjs', version: '7.8.2', assets: {} },
      ],
    });
    const shared = files.filter((file) => !file.includes('expose') && !/\/[24]\.(js|css)$/.test(file));
    // rxjs: the remote's is newer, so the runtime picks it; date-fns: the shell does not share it.
    expect(shared).toEqual([
      'https://chat.cdn.example/v3/static/js/async/8.rxjs.js',
      'https://chat.cdn.example/v3/static/js/async/d.date-fns.js',
    ]);
  });

  it('resolves the files against an explicit public path', () => {
    const files = remoteFiles({
      manifestUrl: chatManifestUrl,
      manifest: {
        ...chatManifest,
        metaData: { ...chatManifest.metaData, publicPath: 'https://assets.example/chat/' },
      },
      shellShared: [],
    });
    expect(files[0]).toBe('https://assets.example/chat/static/js/async/__federation_expose_ChatPanel.js');
  });
});

describe('remoteEntryUrl', () => {
  it("resolves a remote's entry beside its manifest, or under the entry's own path", () => {
    expect(remoteEntryUrl(chatManifestUrl, chatManifest)).toBe('https://chat.cdn.example/v3/remoteEntry.js');
    const nested = {
      ...chatManifest,
      metaData: { ...chatManifest.metaData, remoteEntry: { name: 'entry.js', path: 'federation/' } },
    };
    expect(remoteEntryUrl(chatManifestUrl, nested)).toBe('https://chat.cdn.example/v3/federation/entry.js');
  });
});
