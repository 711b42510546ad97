import { useEffect, useState } from 'react';
import {
  type AreaProps,
  afterFirstScreen,
  EmptyState,
  getSupabaseClient,
  messages,
  Panel,
  useBusEvent,
  useKeptList,
  useKeptText,
  useOnDemand,
  type WorkspaceClient,
} from 'shared-kernel';
import type { IdeasStore } from '../ideas-store/index.ts';
import { CaptureBox } from './capture-box.tsx';
import styles from './ideas-panel.module.css';

/** Makes the store of a signed-in writer (tests choose where its writes go). */
export type OpenIdeasStore = (options: { client: WorkspaceClient; userId: string }) => IdeasStore;

// The inbox (list, virtualizer, dialogs, store, offline store) arrives after the first paint
// (docs/architecture.md, Budgets): the first paint is the header, a placeholder and the capture box.
const loadInbox = () => import('../ideas-inbox/index.ts');

/**
 * Fetches the inbox's code once the first screen is usable and the page is idle, or at once when the
 * writer reaches for the panel.
 */
function useInboxCode(bus: AreaProps['bus']) {
  const [inbox, request] = useOnDemand(loadInbox);
  useEffect(() => afterFirstScreen(bus, request), [bus, request]);
  return { inbox, request };
}

/**
 * The store of the signed-in writer, made once `open` is there, started, and closed on unmount or a
 * change of user. `ready` is the store once its first page is loaded.
 */
function useIdeasStore({
  backend,
  user,
  open,
}: Pick<AreaProps, 'backend' | 'user'> & { open?: OpenIdeasStore }) {
  const userId = user?.id ?? null;
  const [store, setStore] = useState<IdeasStore | null>(null);
  const [ready, setReady] = useState<IdeasStore | null>(null);
  useEffect(() => {
    if (userId === null || !open) return;
    const next = open({ client: getSupabaseClient(backend), userId });
    setStore(next);
    void next.start().finally(() => setReady((current) => current ?? next));
    return () => {
      next.close();
      setStore(null);
      setReady(null);
    };
  }, [backend, userId, open]);
  return { store, ready: ready === store ? ready : null };
}

/**
 * What the writer asked for before the store was ready: captures (Enter in the capture box: each leaves
 * the box at once, as it does once the store is there) and an idea chosen in search. All are done once
 * it is. The captures are kept on the device meanwhile, so a reload does not lose or merge them; one the
 * store refuses (a blank one, say) goes back into the box.
 */
function useWaitingRequests(
  ready: IdeasStore | null,
  userId: string | null,
  setDraft: (update: (draft: string) => string) => void,
) {
  const [waiting, setWaiting] = useKeptList('ideas-captures-waiting', userId);
  const [revealWaiting, setRevealWaiting] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || waiting.length === 0) return;
    setWaiting([]);
    const refused = waiting.filter((text) => !ready.capture(text));
    if (refused.length > 0) setDraft((draft) => [...refused, draft].filter(Boolean).join('\n'));
  }, [ready, waiting, setWaiting, setDraft]);
  useEffect(() => {
    if (!ready || revealWaiting === null) return;
    setRevealWaiting(null);
    void ready.reveal(revealWaiting);
  }, [ready, revealWaiting]);
  return {
    waiting,
    waitToCapture: (text: string) => setWaiting((list) => [...list, text]),
    waitToReveal: setRevealWaiting,
  };
}

/**
 * The ideas inbox: header with the selected count, category chips, the ideas grouped by date, and the
 * capture composer. Its first paint is light (header, placeholder, capture box); the rest is fetched
 * on idle or on the first touch, and what is typed meanwhile is kept (Enter saves it once it is there).
 */
export function IdeasPanel({ bus, backend, user, openStore }: AreaProps & { openStore?: OpenIdeasStore }) {
  const { inbox, request } = useInboxCode(bus);
  const { store, ready } = useIdeasStore({ backend, user, open: openStore ?? inbox?.openKeptOnDevice });
  // What is typed here exists nowhere else until it is captured: kept on the device over a reload.
  const [draft, setDraft] = useKeptText('ideas-capture', user?.id ?? null);
  const { waiting, waitToCapture, waitToReveal } = useWaitingRequests(ready, user?.id ?? null, setDraft);
  useBusEvent(bus, 'ideas.open', ({ ideaId }) => {
    request();
    if (ready) void ready.reveal(ideaId);
    else waitToReveal(ideaId);
  });
  const capture = () => {
    if (!ready) {
      request();
      if (draft.trim()) {
        waitToCapture(draft);
        setDraft('');
      }
      return;
    }
    if (ready.capture(draft)) setDraft('');
  };
  return (
    <Panel
      title={messages.ideas.title}
      arrangement={{ bus, panel: 'ideas' }}
      actions={inbox && store && <inbox.SelectedCount store={store} />}
    >
      {user ? (
        <div className={styles.body} onFocusCapture={request} onPointerDownCapture={request}>
          {inbox && store ? (
            <inbox.IdeasInbox store={store} bus={bus} />
          ) : (
            <>
              <div className={styles.chipsPlaceholder} />
              <div className={styles.listPlaceholder} />
            </>
          )}
          {/* Captured before the inbox is ready: newest first (CSS), until the store takes them. The list
              only grows at its end, so an index is a stable key. */}
          {waiting.length > 0 && (
            <ul className={styles.waiting} aria-label={messages.ideas.waiting}>
              {waiting.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          )}
          <CaptureBox text={draft} onChange={setDraft} onCapture={capture} />
        </div>
      ) : (
        <EmptyState title={messages.ideas.empty} />
      )}
    </Panel>
  );
}
