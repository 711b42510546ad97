// Ideas kept on this device first: every capture, edit and delete is queued in the kernel's offline
// store (local copy and outbox in one transaction), then synced in order; reads fall back to the
// device's copies when the server cannot be reached.
import {
  exitDrafts,
  isOfflineFailure,
  online$,
  serverReached$,
  startOfflineArea,
  toDataError,
  type WorkspaceClient,
} from 'shared-kernel';
import {
  compareNewestFirst,
  type Idea,
  type IdeaCategory,
  type IdeasPageRequest,
  listIdeas,
} from '../ideas-data/index.ts';
import type { IdeaWrites } from '../ideas-store/index.ts';
import { type IdeaSyncEvent, syncCreateIdea, syncRemoveIdea, syncUpdateIdea } from './idea-sync-steps.ts';
import {
  foldIdeaPayload,
  type IdeaPayload,
  type IdeasDatabase,
  ideaOfLocal,
  ideasDatabaseName,
  listLocalIdeas,
  rememberServerIdeas,
} from './local-ideas.ts';

type Area = NonNullable<Awaited<ReturnType<typeof openArea>>>;

function openArea(
  client: WorkspaceClient,
  userId: string,
  tell: (event: IdeaSyncEvent) => void,
  pending: (count: number) => void,
) {
  return startOfflineArea<IdeaSyncEvent, IdeaPayload>({
    name: ideasDatabaseName(userId),
    itemStore: 'ideas',
    lockName: `ideas-outbox:${userId}`,
    itemLabel: 'idea',
    steps: (database, onEvent) => {
      const context = { database: database as IdeasDatabase, client, userId, tell: onEvent };
      return {
        create: (entry) => syncCreateIdea(context, entry),
        update: (entry, id) => syncUpdateIdea(context, entry, id),
        remove: (entry, id) => syncRemoveIdea(context, entry, id),
      };
    },
    onEvent: tell,
    onPending: pending,
    foldPayload: foldIdeaPayload,
  });
}

/** Whether an idea belongs in the list `request` reads (the writer's own, or a category's). */
const inListOf =
  (request: IdeasPageRequest) =>
  (idea: Idea | null | undefined): idea is Idea =>
    idea != null &&
    (request.categoryId === null ? idea.user_id === request.userId : idea.category_id === request.categoryId);

/**
 * The first page with ideas the server does not have yet added: only those within it, so the next page
 * still starts after the last row the server answered (`answered`).
 */
function joinFirstPage(
  page: Idea[],
  request: IdeasPageRequest,
  waiting: (Idea | null | undefined)[],
  answered = page,
): Idea[] {
  const listed = new Set(page.map((idea) => idea.id));
  const oldest = answered.length >= request.limit ? answered.at(-1) : undefined;
  const fits = (idea: Idea) => !oldest || compareNewestFirst(idea, oldest) <= 0;
  const joined = waiting.filter(inListOf(request)).filter((idea) => !listed.has(idea.id) && fits(idea));
  if (joined.length === 0) return page;
  return [...new Map([...joined, ...page].map((idea) => [idea.id, idea])).values()].sort(compareNewestFirst);
}

/**
 * A page from the server (kept for offline reading) with this device's unsynced writes laid over it,
 * and on the first page the captures kept in localStorage alone (`captured`, see {@link keptCaptures}).
 */
async function readPage(area: Area | null, request: IdeasPageRequest, captured: Idea[]): Promise<Idea[]> {
  const page = await readDevicePage(area, request);
  return request.offset > 0 ? page : joinFirstPage(page, request, captured);
}

async function readDevicePage(area: Area | null, request: IdeasPageRequest): Promise<Idea[]> {
  const asked = listIdeas(request);
  asked.catch(() => {}); // answered below, once the store is open
  const database = area?.database as IdeasDatabase | undefined;
  let page: Idea[];
  try {
    page = await asked;
  } catch (error) {
    if (!database || !isOfflineFailure(error)) throw error;
    return listLocalIdeas(database, request);
  }
  if (!database) return page;
  void rememberServerIdeas(database, page).catch(() => {});
  const queued = await database.getAll('outbox');
  if (queued.length === 0) return page;
  const pending = new Set(queued.map((entry) => entry.id));
  const rows = await Promise.all(
    page.map(async (row) => {
      if (!pending.has(row.id)) return row;
      const local = await database.get('ideas', row.id);
      return local ? ideaOfLocal(local) : null;
    }),
  );
  // An idea moved on this device leaves the list of the category it left, and comes into the new one's.
  const shown = rows.filter(inListOf(request));
  if (request.offset > 0) return shown;
  // Ideas made here, and (in a category's list) ideas moved into it here, that the server has not got yet.
  const joining = (entry: (typeof queued)[number]) =>
    entry.op === 'create' ||
    (request.categoryId !== null && entry.op === 'update' && entry.payload.category_id !== undefined);
  const waiting = new Set(queued.filter(joining).map((entry) => entry.id));
  const added = await Promise.all([...waiting].map((id) => database.get('ideas', id)));
  const local = added.map((idea) => idea && ideaOfLocal(idea));
  return joinFirstPage(shown, request, local, page);
}

/** Keeps a write on the device and tries to sync it: the server's row, or `null` while it waits here. */
async function kept(area: Area, id: string, write: Parameters<Area['queue']>[0]): Promise<Idea | null> {
  const { synced, failure } = await area.queue(write);
  if (synced) {
    const local = await (area.database as IdeasDatabase).get('ideas', id);
    return local ? ideaOfLocal(local) : null;
  }
  if (failure && !failure.network) throw failure;
  return null;
}

/**
 * The captures not yet on the device. A captured idea is listed at once but kept on the device only once
 * the store's write is in (the store may still be opening, or busy): a page closed in between lost the
 * thought. So each capture is also kept at once in localStorage (the kernel's exit drafts: synchronous,
 * they survive the close) until the device or the server has it; one still there when the page closed
 * is written on the next start, and listed from there meanwhile ({@link readPage}).
 *
 * A device with no room left for it sends it to the server directly. Offline as well, it stays in
 * localStorage only: listed from there ({@link readPage}), and written when the connection is back.
 */
function keptCaptures(userId: string, fallback: IdeaWrites) {
  const captures = exitDrafts<Idea>('ideas-captures', userId);
  const keptOrSent = async (area: Area, idea: Idea) => {
    const payload = { content: idea.content, category_id: idea.category_id };
    try {
      return await kept(area, idea.id, { op: 'create', id: idea.id, payload, item: { ...idea, base: null } });
    } catch (error) {
      if (toDataError(error).code !== 'storage-full') throw error;
      // Offline too: the writer is told the device is full, which is why it waits.
      return fallback.create(idea).catch((sent: unknown) => {
        throw toDataError(sent).code === 'offline' ? error : sent;
      });
    }
  };
  /** Captures being written now: a replay leaves them to the write under way. */
  const writing = new Set<string>();
  const create = async (area: Area | null, idea: Idea) => {
    try {
      const saved = area ? await keptOrSent(area, idea) : await fallback.create(idea);
      captures.forget(idea.id);
      return saved;
    } catch (error) {
      // Refused by the server: the writer is told. No connection or no room on the device: kept to try again.
      const { code } = toDataError(error);
      if (code !== 'offline' && code !== 'storage-full') captures.forget(idea.id);
      throw error;
    } finally {
      writing.delete(idea.id);
    }
  };
  const replayAll = async (area: Area | null) => {
    for (const id of captures.ids()) {
      if (writing.has(id)) continue;
      writing.add(id);
      const idea = captures.find(id);
      const onDevice = area && (await (area.database as IdeasDatabase).get('ideas', id));
      if (!idea || onDevice) {
        captures.forget(id);
        writing.delete(id);
      } else await create(area, idea).catch((error) => console.warn('A kept capture was not written', error));
    }
  };
  let replaying: Promise<void> | null = null;
  return {
    /** Keeps the capture (synchronously), then creates it once `area` is known. */
    capture(area: Promise<Area | null>, idea: Idea): Promise<Idea | null> {
      captures.keep(idea.id, idea);
      writing.add(idea.id);
      return area.then((opened) => create(opened, idea));
    },
    /** The captures kept here that neither the device nor the server has yet. */
    waiting: (): Idea[] => captures.ids().flatMap((id) => captures.find(id) ?? []),
    /**
     * Creates the captures kept here that the device does not have: those kept when the page last
     * closed, and (once the connection is back) those the device had no room for. One replay at a time.
     */
    replay(area: Area | null): Promise<void> {
      replaying ??= replayAll(area).finally(() => {
        replaying = null;
      });
      return replaying;
    },
    /** Deleted before it was kept: not written again. */
    drop: (ids: readonly string[]) => {
      for (const id of ids) captures.forget(id);
    },
  };
}

/**
 * Writes of the ideas store kept on this device first. Until the device's store is open (or where it
 * cannot be), writes and reads wait for it; without IndexedDB they go straight to the server.
 */
export function offlineIdeaWrites(client: WorkspaceClient, userId: string, fallback: IdeaWrites): IdeaWrites {
  const pendingListeners = new Set<(count: number) => void>();
  const syncListeners = new Set<(event: IdeaSyncEvent) => void>();
  const captures = keptCaptures(userId, fallback);
  const opened = openArea(
    client,
    userId,
    (event) => {
      for (const listener of syncListeners) listener(event);
    },
    (count) => {
      for (const listener of pendingListeners) listener(count);
    },
  ).then((area) => {
    // Written beside the first list, not before it: until then the list shows them from localStorage.
    void captures.replay(area);
    return area;
  });
  // A capture kept for want of a connection is written once the connection is back, or the server answers
  // again (which also tells of a server that was down while the device stayed online: no online event).
  const replayWaiting = () => {
    if (captures.waiting().length > 0) void opened.then((area) => captures.replay(area));
  };
  const triggers = [
    serverReached$.subscribe(replayWaiting),
    online$.subscribe((online) => online && replayWaiting()),
  ];
  return {
    create: (idea) => captures.capture(opened, idea),
    async update(idea, over) {
      const area = await opened;
      if (!area) return fallback.update(idea, over);
      const item = { ...idea, base: idea.updated_at };
      const payload = { content: idea.content, over };
      return kept(area, idea.id, { op: 'update', id: idea.id, payload, item });
    },
    async move(ideas, categoryId) {
      const area = await opened;
      if (!area) return fallback.move(ideas, categoryId);
      // Answered once every move is kept on the device, all at once: the list shows them moved then,
      // not after the server's answer (a reload before it lost the moves the list never showed). The
      // sync follows; a category no longer writable is told by its 'move-refused' event.
      await Promise.all(
        ideas.map((idea) => {
          const item = { ...idea, category_id: categoryId, base: idea.updated_at };
          return area.keep({ op: 'update', id: idea.id, payload: { category_id: categoryId }, item });
        }),
      );
      return null;
    },
    async remove(ids) {
      captures.drop(ids);
      const area = await opened;
      if (!area) return fallback.remove(ids);
      // As for a move: every delete is kept at once (one at a time, a reload brought the rest back).
      await Promise.all(ids.map((id) => area.keep({ op: 'delete', id })));
    },
    async readPage(request) {
      return readPage(await opened, request, captures.waiting());
    },
    async keepCategories(categories) {
      await ((await opened)?.database as IdeasDatabase | undefined)?.put('meta', categories, 'categories');
    },
    async keptCategories() {
      const database = (await opened)?.database as IdeasDatabase | undefined;
      return ((await database?.get('meta', 'categories')) as IdeaCategory[] | undefined) ?? null;
    },
    onPending(listener) {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    onSynced(listener) {
      syncListeners.add(listener);
      return () => syncListeners.delete(listener);
    },
    close() {
      for (const trigger of triggers) trigger.unsubscribe();
      void opened.then((area) => area?.close());
    },
  };
}
