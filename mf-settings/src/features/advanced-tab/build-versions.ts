import { useEffect, useState } from 'react';

/** One area's build: its container name and the version its manifest reports. */
export type AreaBuild = { area: string; version: string };

type Manifest = { metaData?: { buildInfo?: { buildVersion?: string; buildName?: string } } };

/**
 * The build version of each area, read where the shell finds them: `/remotes.json` (container name to
 * manifest URL), then each remote's `mf-manifest.json`. An area that does not answer shows as unavailable.
 */
export async function readBuildVersions(fetcher: typeof fetch = fetch): Promise<AreaBuild[]> {
  const remotes = (await (await fetcher('/remotes.json', { cache: 'no-cache' })).json()) as Record<
    string,
    string
  >;
  return Promise.all(
    Object.entries(remotes).map(async ([area, url]) => {
      try {
        const manifest = (await (await fetcher(url, { cache: 'no-cache' })).json()) as Manifest;
        return { area, version: manifest.metaData?.buildInfo?.buildVersion ?? 'unknown' };
      } catch {
        return { area, version: 'unavailable' };
      }
    }),
  );
}

/** The versions once read (an empty list meanwhile, or when they cannot be read). */
export function useBuildVersions(): AreaBuild[] {
  const [builds, setBuilds] = useState<AreaBuild[]>([]);
  useEffect(() => {
    let current = true;
    readBuildVersions().then(
      (read) => current && setBuilds(read),
      (error: unknown) => console.warn('[settings] build versions could not be read', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return builds;
}
