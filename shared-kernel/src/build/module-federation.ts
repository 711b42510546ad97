/**
 * Build-time configuration shared by the shell and every remote: the Module Federation shared
 * dependencies and the rsbuild config of a remote. Imported by `rsbuild.config.ts` files only (Node).
 */
import { fileURLToPath } from 'node:url';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

/**
 * A singleton shared without a version requirement. The federation runtime checks a singleton's version
 * against `requiredVersion` on every `loadShare`, compiling its semver regular expressions afresh each
 * time: about 20 ms of every load's main thread for seven singletons across four containers, and all it
 * does with a mismatch is a console warning. The versions are checked where a mismatch can be stopped,
 * before a deploy: `tests/contracts/manifests.test.ts` fails unless every built remote shares the
 * version the shell provides, and the kernel's contract version is checked at mount.
 */
const singleton = { singleton: true, requiredVersion: false } as const;

/**
 * Dependencies the page holds once, whoever loads first. The backend client is the kernel's (one session
 * for the page): supabase-js's parts live inside the kernel, which loads realtime and storage on first use.
 * Shared whole, supabase-js put all of them on the first screen's path (docs/decisions.md). React and react-dom subpaths are listed one by
 * one: sharing 'react-dom' does not share 'react-dom/client', and the remote would bundle a second
 * renderer (docs/module-federation.md, pitfall 3). None has a required version (see `singleton`); left
 * unset, the kernel's would be inferred as "workspace:*" and every load would warn (pitfall 2).
 *
 * rxjs is deliberately not listed: a shared module is never tree-shaken, so sharing it shipped the whole
 * library (18 KB gzip) at first paint for the three classes the kernel uses. The bus lives inside the
 * kernel, itself a singleton, so the page still has one bus; areas reach it only through the kernel's
 * API (which checks a bus by shape, not `instanceof`), and any rxjs operator an area applies to it works
 * across copies.
 */
export const mfShared = {
  react: singleton,
  'react/jsx-runtime': singleton,
  'react/jsx-dev-runtime': singleton,
  'react-dom': singleton,
  'react-dom/client': singleton,
  'shared-kernel': singleton,
} satisfies ModuleFederationOptions['shared'];

/**
 * The federation runtime's helper packages, resolved to their ES module builds. The bundler's federation
 * plugin `require`s them, which picks their CommonJS builds and ships them whole; as ES modules (both
 * declare no side effects) what the runtime does not call is left out: about 4.5 KB gzip less in every
 * remote's remoteEntry.js and in the shell's runtime (docs/architecture.md, Budgets).
 * The versions are the plugin's own (pinned alike in the catalog).
 */
export const mfRuntimeAliases: Record<string, string> = Object.fromEntries(
  ['@module-federation/sdk', '@module-federation/error-codes'].map((name) => [
    `${name}$`,
    fileURLToPath(import.meta.resolve(name)),
  ]),
);
