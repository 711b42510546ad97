import type { Json } from 'shared-kernel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Writing } from '../../writings-store/index.ts';
import { createSaveController, type SaveRequest } from './save-controller.ts';

function setup(autoSave: boolean) {
  const sent: SaveRequest[] = [];
  const drafts: string[] = [];
  const unsaved = new Set<string>();
  const controller = createSaveController({
    save: async (request) => {
      sent.push(request);
      return { id: request.id, updated_at: new Date().toISOString() } as unknown as Writing;
    },
    store: {
      applyLocalEdit: (id) => drafts.push(id),
      markSaved: (id) => unsaved.delete(id),
      markUnsaved: (id) => unsaved.add(id),
      isUnsaved: (id) => unsaved.has(id),
    },
    autoSave: () => autoSave,
  });
  controller.open({ id: 'w1', read: () => ({ title: 'T', preview: 'p', content: {} as Json }) });
  return { controller, sent, drafts };
}

describe('the save pipeline with auto-save off', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps each change on the device but sends nothing until asked', async () => {
    const { controller, sent, drafts } = setup(false);
    controller.changed();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(drafts).toEqual(['w1']);
    expect(sent).toHaveLength(0);
    expect(controller.getStatus().unsaved).toBe(true);

    await controller.saveNow();
    expect(sent).toHaveLength(1);
    expect(controller.getStatus().unsaved).toBe(false);
  });

  it('saves by itself after the pause in typing when auto-save is on', async () => {
    const { controller, sent } = setup(true);
    controller.changed();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(1);
  });
});

describe('the draft a closing page keeps', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the open writing read at once while it has unsaved changes, and nothing once saved', async () => {
    const { controller } = setup(true);
    expect(controller.unsavedDraft()).toBeNull();
    controller.changed();
    expect(controller.unsavedDraft()).toEqual({ id: 'w1', title: 'T', content: {} });
    await controller.saveNow();
    expect(controller.unsavedDraft()).toBeNull();
  });
});
