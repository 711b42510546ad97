import { useEffect } from 'react';
import { type AreaProps, getSupabaseClient } from 'shared-kernel';
import { connectWritingsStore, disconnectWritingsStore } from './connection.ts';

/**
 * Connects the shared writings store to the parcel's backend and user (both parcels call it; the second
 * call is a no-op). Without a user the store is emptied.
 */
export function useWritingsConnection({ backend, user }: Pick<AreaProps, 'backend' | 'user'>): void {
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) disconnectWritingsStore();
    else connectWritingsStore({ client: getSupabaseClient(backend), userId });
  }, [backend, userId]);
}
