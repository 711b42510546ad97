import { type Json, saveErrorMessage } from 'shared-kernel';
import type { Writing, WritingDraft } from '../../writings-store/index.ts';

/** After the last change: when the list row and local draft are brought up to date. */
export const DRAFT_DELAY_MS = 150;
/** After the last change: when the writing is saved to the server. */
export const SAVE_DELAY_MS = 750;

/** One save sent to the server. */
export interface SaveRequest {
  id: string;
  title: string;
  content: Json;
}

/** What the editor shows about saving the open writing. */
export interface SaveStatus {
  unsaved: boolean;
  saving: boolean;
  /** The spec's text for the last failure (offline, session expired, no permission, other), until a save succeeds. */
  error: string | null;
}

/** The store actions the controller drives (the writings store's, injected so the pipeline stays testable). */
export interface SaveStore {
  applyLocalEdit(id: string, draft: WritingDraft): void;
  markSaved(id: string, row: Writing, sent?: Json): void;
  markUnsaved(id: string): void;
  isUnsaved(id: string): boolean;
}

export interface SaveControllerOptions {
  save(request: SaveRequest): Promise<Writing>;
  store: SaveStore;
  isOnline?: () => boolean;
  draftDelayMs?: number;
  saveDelayMs?: number;
}

/** The open writing: its id and how to read its current draft (this serialises the document). */
export interface OpenWriting {
  id: string;
  read(): WritingDraft;
}

/**
 * The save pipeline of the editor. The keystroke path ({@link SaveController.changed}) only counts the
 * change, marks the writing unsaved once and restarts two timers: after 150 ms the document is read
 * once to update the list row and the local draft, after 750 ms it is saved. A save can also be asked
 * for at once (Cmd/Ctrl+S, the Save button, leaving the writing). One save is in flight per writing; a
 * newer change waits behind it and goes next, so there is never a double submit and never an older copy
 * saved over a newer one. A failure keeps the unsaved mark and the draft, and says why.
 */
export function createSaveController({
  save,
  store,
  isOnline = () => globalThis.navigator?.onLine ?? true,
  draftDelayMs = DRAFT_DELAY_MS,
  saveDelayMs = SAVE_DELAY_MS,
}: SaveControllerOptions) {
  const inFlight = new Map<string, Promise<void>>();
  const queued = new Map<string, SaveRequest>();
  const listeners = new Set<() => void>();
  let open: OpenWriting | null = null;
  let version = 0;
  let draftedVersion = 0;
  let draft: WritingDraft | null = null;
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let status: SaveStatus = { unsaved: false, saving: false, error: null };

  function setStatus(update: Partial<SaveStatus>): void {
    const next = { ...status, ...update };
    if (next.unsaved === status.unsaved && next.saving === status.saving && next.error === status.error)
      return;
    status = next;
    for (const listener of listeners) listener();
  }

  function clearTimers(): void {
    clearTimeout(draftTimer);
    clearTimeout(saveTimer);
  }

  /** Reads the open writing once per change: the list row and the local draft follow. */
  function flushDraft(): WritingDraft | null {
    if (!open) return null;
    if (draft && draftedVersion === version) return draft;
    draft = open.read();
    draftedVersion = version;
    store.applyLocalEdit(open.id, draft);
    return draft;
  }

  async function runSaves(first: SaveRequest): Promise<void> {
    let request: SaveRequest | undefined = first;
    while (request) {
      const current: SaveRequest = request;
      const isOpen = () => open?.id === current.id;
      if (isOpen()) setStatus({ saving: true });
      try {
        const row = await save(current);
        // A newer change (queued, or still in the editor) keeps the mark; it is saved next.
        const newer =
          queued.has(current.id) ||
          (isOpen() && (draftedVersion !== version || draft?.content !== current.content));
        if (!newer) {
          store.markSaved(current.id, row, current.content);
          if (isOpen()) setStatus({ unsaved: false, error: null });
        } else if (isOpen()) setStatus({ error: null });
      } catch (error) {
        store.markUnsaved(current.id);
        if (isOpen()) setStatus({ unsaved: true, error: saveErrorMessage(error, { online: isOnline() }) });
      }
      request = queued.get(current.id);
      queued.delete(current.id);
    }
    inFlight.delete(first.id);
    if (open?.id === first.id) setStatus({ saving: false });
  }

  /** Sends `request`, or queues it behind the save in flight for the same writing (replacing an older queued one). */
  function submit(request: SaveRequest): Promise<void> {
    const running = inFlight.get(request.id);
    if (running) {
      queued.set(request.id, request);
      return running;
    }
    const chain = runSaves(request);
    inFlight.set(request.id, chain);
    return chain;
  }

  const controller = {
    /** Starts tracking a writing opened in the editor. */
    open(writing: OpenWriting): void {
      clearTimers();
      open = writing;
      version = 0;
      draftedVersion = 0;
      draft = null;
      status = { unsaved: store.isUnsaved(writing.id), saving: inFlight.has(writing.id), error: null };
      for (const listener of listeners) listener();
    },

    /**
     * The keystroke path: no serialisation here. Marks the writing unsaved (once) and restarts the
     * draft and save timers.
     */
    changed(): void {
      if (!open) return;
      version += 1;
      if (!status.unsaved) {
        store.markUnsaved(open.id);
        setStatus({ unsaved: true });
      }
      clearTimers();
      draftTimer = setTimeout(flushDraft, draftDelayMs);
      saveTimer = setTimeout(() => void controller.saveNow(), saveDelayMs);
    },

    /** Saves the open writing at once when it has unsaved changes; resolves when the save settles. */
    saveNow(): Promise<void> {
      clearTimers();
      if (!open || !status.unsaved) return inFlight.get(open?.id ?? '') ?? Promise.resolve();
      const current = flushDraft();
      if (!current) return Promise.resolve();
      return submit({ id: open.id, title: current.title, content: current.content });
    },

    /**
     * Stops tracking the open writing; unsaved changes are saved first (in the background: the draft
     * in the store keeps them if that fails).
     */
    close(): Promise<void> {
      const saving = controller.saveNow();
      clearTimers();
      open = null;
      draft = null;
      return saving;
    },

    /** The open writing got its server id (it was made offline and has synced): later saves use it. */
    rename(from: string, to: string): void {
      if (open?.id === from) open = { ...open, id: to };
    },

    /**
     * A queued save of the open writing went through in the background (the outbox synced it). The
     * mark and the failure go, unless the editor has changed since or the store still holds a newer draft.
     */
    synced(id: string): void {
      if (open?.id !== id || inFlight.has(id) || version !== draftedVersion || store.isUnsaved(id)) return;
      setStatus({ unsaved: false, error: null });
    },

    /** Drops the open writing's pending work without saving (it was deleted). */
    discard(): void {
      clearTimers();
      open = null;
      draft = null;
    },

    getStatus: (): SaveStatus => status,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return controller;
}

/** The save pipeline of one editor pane. */
export type SaveController = ReturnType<typeof createSaveController>;
