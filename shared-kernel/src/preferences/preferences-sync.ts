import { debounceTime, distinctUntilChanged, map, skip } from 'rxjs';
import { PREFERENCES_SYNC_DELAY_MS } from '../domain/constants.ts';
import type { WorkspaceClient } from '../supabase/client.ts';
import { adoptSyncedPreferences, preferences$, syncedPreferences } from './preferences.ts';

/**
 * Keeps the preferences that follow the writer (appearance, editor) in their metadata: takes the copy
 * there when another device changed it later, then saves each change 400 ms after it settles. A failure
 * to save is logged, never shown (docs/product.md, Messages): the device copy is still in force.
 * @returns a function that stops following the changes.
 */
export function syncPreferencesWithAccount({
  client,
  metadata,
}: {
  client: Pick<WorkspaceClient, 'auth'>;
  metadata: unknown;
}): () => void {
  adoptSyncedPreferences(metadata);
  const subscription = preferences$
    .pipe(
      map((preferences) => syncedPreferences(preferences)),
      distinctUntilChanged((before, after) => JSON.stringify(before) === JSON.stringify(after)),
      skip(1),
      debounceTime(PREFERENCES_SYNC_DELAY_MS),
    )
    .subscribe((preferences) => {
      client.auth
        .updateUser({ data: { preferences } })
        .then(({ error }) => {
          if (error) console.warn('[preferences] could not keep the preferences in the account', error);
        })
        .catch((error: unknown) =>
          console.warn('[preferences] could not keep the preferences in the account', error),
        );
    });
  return () => subscription.unsubscribe();
}
