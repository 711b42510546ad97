import { z } from 'zod/mini';

const contextItemSchema = z.object({
  type: z.enum(['Idea', 'Writing']),
  title: z.string(),
  content: z.string(),
});

/**
 * The event catalogue of the workspace bus: every intent one area sends another. Names are
 * noun-then-verb. Areas talk only through these events and the database, never by importing each other.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  /** Open a writing in the editor (search result, deep link). */
  z.object({ type: z.literal('writings.open'), writingId: z.string().check(z.minLength(1)) }),
  /** Create a new writing (New button, Cmd/Ctrl+Alt+N). */
  z.object({ type: z.literal('writings.new') }),
  /** Save the open writing when it has unsaved changes (Cmd/Ctrl+S). */
  z.object({ type: z.literal('writings.save') }),
  /** Show an idea in the ideas panel: scrolled to and highlighted (choosing an idea in search). */
  z.object({ type: z.literal('ideas.open'), ideaId: z.string().check(z.minLength(1)) }),
  /** Show or hide a side panel. */
  z.object({ type: z.literal('panels.toggle'), panel: z.enum(['ideas', 'chat']) }),
  /** Make sure a side panel is visible (e.g. after choosing an idea in search). */
  z.object({ type: z.literal('panels.show'), panel: z.enum(['ideas', 'chat']) }),
  /** Swap the stacking order of ideas and chat. */
  z.object({ type: z.literal('panels.swap-order') }),
  /** Move the ideas panel to the other side of the editor. */
  z.object({ type: z.literal('panels.flip-dock') }),
  z.object({ type: z.literal('zen.toggle') }),
  z.object({ type: z.literal('search.open') }),
  /** Show the break screen ('Take a break', or the editor timer reaching zero). */
  z.object({ type: z.literal('break.start') }),
  z.object({ type: z.literal('settings.open'), tab: z.optional(z.string()) }),
  z.object({
    type: z.literal('pricing.open'),
    reason: z.enum(['rate-limit', 'premium-feature', 'upgrade']),
    feature: z.optional(z.string()),
  }),
  /** Add an idea or writing to the chat's context (drag and drop, "Ask AI"). */
  z.object({ type: z.literal('chat.context-add'), item: contextItemSchema }),
  /** A parcel finished mounting; the shell uses it to know when the workspace is ready. */
  z.object({ type: z.literal('area.mounted'), area: z.string(), parcel: z.string() }),
]);

export type BusEvent = z.infer<typeof busEventSchema>;
export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;
