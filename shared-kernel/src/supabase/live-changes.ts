// Changes made elsewhere, as they happen: the realtime subscriptions of the lists and of the shares.
import type { REALTIME_SUBSCRIBE_STATES } from '@supabase/realtime-js';
import { filter, merge, skip, take } from 'rxjs';
import { online$, serverReached$ } from '../network/network-status.ts';
import type { WorkspaceClient } from './client.ts';

/** A table of the product schema to hear inserts, updates and deletes of, optionally filtered (`user_id=eq.<id>`). */
export interface TableWatch {
  table: string;
  filter?: string;
  onChange: () => void;
}

/** Whether a channel is joined: `SUBSCRIBED`, or why not (`CHANNEL_ERROR`, `TIMED_OUT`, `CLOSED`). */
export type LiveStatus = `${REALTIME_SUBSCRIBE_STATES}`;

/**
 * Hears the changes of `tables` that the user may see, on a channel of its own (`topic`), once the
 * client's realtime has loaded (it is not on the first screen's path: `WorkspaceClient.realtime`).
 * `onStatus` hears whether the channel is live, each time that changes; until it says `SUBSCRIBED`, a
 * change may be missed, so a list reads itself again then. Answers the stop, which may come before
 * realtime has loaded (nothing is then subscribed).
 */
export function watchChanges(
  client: WorkspaceClient,
  topic: string,
  tables: readonly TableWatch[],
  onStatus: (status: LiveStatus) => void = () => {},
): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  const join = () =>
    client.realtime().then(
      (realtime) => {
        if (stopped) return;
        // A name of its own: realtime hands back the channel of a name already taken, even one still leaving.
        const channel = realtime.channel(`${topic}:${crypto.randomUUID()}`);
        for (const { table, filter: rows, onChange } of tables) {
          const heard = () => {
            if (!stopped) onChange();
          };
          channel.on(
            'postgres_changes',
            { event: '*', schema: 'public', table, ...(rows ? { filter: rows } : {}) },
            heard,
          );
        }
        channel.subscribe((status) => {
          if (!stopped) onStatus(status);
        });
        unsubscribe = () => void realtime.removeChannel(channel);
      },
      // Its code could not be loaded (offline before the page had it): not live, until the network is back.
      () => {
        if (stopped) return;
        onStatus('CHANNEL_ERROR');
        const retry = merge(online$.pipe(skip(1), filter(Boolean)), serverReached$)
          .pipe(take(1))
          .subscribe(() => {
            if (!stopped) void join();
          });
        unsubscribe = () => retry.unsubscribe();
      },
    );
  void join();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
