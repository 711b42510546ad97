/**
 * Which files make up one version of the composed workspace (pure: the worker fetches the manifests,
 * this decides what they list). A version is the shell's build plus, for each remote `remotes.json`
 * points at, that remote's build.
 */

/** The part of Rsbuild's output manifest (`asset-manifest.json`) read here. */
export type AssetManifest = { allFiles: string[] };

type AssetGroup = { sync?: string[]; async?: string[] };
type Assets = { js?: AssetGroup; css?: AssetGroup };

/** The part of a Module Federation `mf-manifest.json` read here. */
export type FederationManifest = {
  metaData: {
    /** 'auto' (files beside the manifest), or a URL or path the file names are resolved against. */
    publicPath?: string;
    remoteEntry: { name: string; path?: string };
  };
  shared?: { name: string; version: string; assets: Assets }[];
  exposes?: { assets: Assets }[];
};

/** Build by-products no page ever loads. */
function isLoadable(file: string): boolean {
  return !file.endsWith('.map') && !file.endsWith('.LICENSE.txt');
}

function assetFiles({ js, css }: Assets): string[] {
  return [js?.sync, js?.async, css?.sync, css?.async].flatMap((files) => files ?? []);
}

/**
 * The same-origin files index.html loads itself. They are also in the asset manifest; reading them from
 * index.html too means a deploy landing between the two fetches cannot leave the cached page without
 * its own scripts.
 */
function filesOfIndexHtml(indexHtml: string, shellOrigin: string): string[] {
  return [...indexHtml.matchAll(/\b(?:src|href)="([^"]+)"/g)]
    .map(([, reference]) => new URL(reference as string, `${shellOrigin}/`))
    .filter((url) => url.origin === shellOrigin)
    .map((url) => url.href);
}

/** Every file of the shell's build a page may load (its lazily loaded parts too), as absolute URLs. */
export function shellFiles({
  shellOrigin,
  assetManifest,
  indexHtml,
}: {
  shellOrigin: string;
  assetManifest: AssetManifest;
  indexHtml: string;
}): string[] {
  const built = assetManifest.allFiles
    .filter((file) => file.includes('/static/') && isLoadable(file))
    .map((file) => new URL(file, `${shellOrigin}/`).href);
  return [...new Set([...built, ...filesOfIndexHtml(indexHtml, shellOrigin)])];
}

/** Where a remote's file names are resolved from: with 'auto', beside its manifest. */
function remoteBase(manifestUrl: string, manifest: FederationManifest): URL {
  const { publicPath = 'auto' } = manifest.metaData;
  return new URL(publicPath === 'auto' ? './' : publicPath, manifestUrl);
}

/** The URL of a remote's entry script, as the federation runtime resolves it from the manifest. */
export function remoteEntryUrl(manifestUrl: string, manifest: FederationManifest): string {
  const { path, name } = manifest.metaData.remoteEntry;
  return new URL(path ? `${path.replace(/\/$/, '')}/${name}` : name, remoteBase(manifestUrl, manifest)).href;
}

/** `a` is a higher version than `b`; anything that is not plain `x.y.z` counts as higher, to be safe. */
function isHigherVersion(a: string, b: string): boolean {
  if (a === b) return false;
  const parse = (version: string) => /^(\d+)\.(\d+)\.(\d+)$/.exec(version)?.slice(1).map(Number);
  const [left, right] = [parse(a), parse(b)];
  if (!left || !right) return true;
  for (const [index, part] of left.entries()) {
    const other = right[index] as number;
    if (part !== other) return part > other;
  }
  return false;
}

/**
 * The content-hashed files of one remote the composed page may load: everything its exposed parcels
 * load, now or lazily. Its copies of shared dependencies are left out when the shell shares the same
 * or a higher version: the federation runtime then always picks the shell's copy (singletons go to the
 * highest version, the first registered on a tie), so the remote's copy (React, react-dom, the kernel
 * with its backend client: several hundred KB per remote) is never fetched.
 */
export function remoteFiles({
  manifestUrl,
  manifest,
  shellShared,
}: {
  manifestUrl: string;
  manifest: FederationManifest;
  /** The shared dependencies of the shell's own `mf-manifest.json`. */
  shellShared: FederationManifest['shared'];
}): string[] {
  const shellVersions = new Map((shellShared ?? []).map(({ name, version }) => [name, version]));
  const exposed = (manifest.exposes ?? []).flatMap(({ assets }) => assetFiles(assets));
  const shared = (manifest.shared ?? [])
    .filter(({ name, version }) => {
      const shellVersion = shellVersions.get(name);
      return shellVersion === undefined || isHigherVersion(version, shellVersion);
    })
    .flatMap(({ assets }) => assetFiles(assets));
  const base = remoteBase(manifestUrl, manifest);
  return [...new Set([...exposed, ...shared].filter(isLoadable).map((file) => new URL(file, base).href))];
}
