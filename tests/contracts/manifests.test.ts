import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AreaName, REMOTES } from 'shared-kernel';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface ManifestShared {
  name: string;
  version: string;
  singleton?: boolean;
}
interface Manifest {
  name: string;
  metaData: { publicPath?: string; remoteEntry: { name: string } };
  shared: ManifestShared[];
  exposes: Array<{ name: string; path: string }>;
}

function readManifest(folder: string): Manifest {
  return JSON.parse(readFileSync(`${repoRoot}/${folder}/dist/mf-manifest.json`, 'utf8')) as Manifest;
}

/** The singletons every build must share, or the page would run two Reacts, two buses (the bus is the kernel's)... */
const singletons = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'shared-kernel'];

const shell = readManifest('shell');
const sharedVersion = (manifest: Manifest, name: string) =>
  manifest.shared.find((entry) => entry.name === name);

describe.each(Object.keys(REMOTES) as AreaName[])('the built %s remote', (area) => {
  const remote = REMOTES[area];
  const folder = `mf-${area}`;
  const manifest = readManifest(folder);

  it('is the container the shell loads, with a content-hashed entry file its manifest names', () => {
    expect(manifest.name).toBe(remote.container);
    const entry = manifest.metaData.remoteEntry.name;
    expect(entry).toMatch(/^static\/js\/remoteEntry\.[0-9a-f]{10}\.js$/);
    expect(existsSync(`${repoRoot}/${folder}/dist/${entry}`)).toBe(true);
  });

  it('resolves its chunks against wherever it is deployed', () => {
    expect(manifest.metaData.publicPath).toBe('auto');
  });

  it('exposes exactly the parcels the shell mounts', () => {
    expect(manifest.exposes.map((expose) => expose.path).sort()).toEqual(
      remote.exposes.map((parcel) => `./${parcel}`).sort(),
    );
  });

  it.each(singletons)('shares %s as a singleton of the version the shell provides', (name) => {
    const entry = sharedVersion(manifest, name);
    expect(entry, `${name} is not shared`).toBeDefined();
    expect(entry?.singleton).toBe(true);
    // The check that stands in for the runtime's version requirement (shared-kernel/src/build/module-federation.ts).
    expect(entry?.version).toBe(sharedVersion(shell, name)?.version);
  });
});

describe('the built shell', () => {
  it.each(singletons)('provides %s as a singleton', (name) => {
    expect(sharedVersion(shell, name)?.singleton).toBe(true);
  });

  it('ships a remotes.json that names every remote by its container', () => {
    const remotes = JSON.parse(readFileSync(`${repoRoot}/shell/dist/remotes.json`, 'utf8')) as Record<
      string,
      string
    >;
    expect(Object.keys(remotes).sort()).toEqual(
      Object.values(REMOTES)
        .map((remote) => remote.container)
        .sort(),
    );
    for (const url of Object.values(remotes)) expect(url).toMatch(/\/mf-manifest\.json$/);
  });
});
