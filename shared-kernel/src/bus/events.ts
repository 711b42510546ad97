import { z } from '../contracts/zod.ts';
import { contextItemSchema } from '../domain/chat.ts';

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
  /**
   * Make sure a side panel is visible. An event addressed to an area shows it without this
   * (`areaToShow`, bus/area-to-show.ts).
   */
  z.object({ type: z.literal('panels.show'), panel: z.enum(['ideas', 'chat']) }),
  /** Swap the stacking order of ideas and chat. */
  z.object({ type: z.literal('panels.swap-order') }),
  /** Move the ideas panel to the other side of the editor. */
  z.object({ type: z.literal('panels.flip-dock') }),
  z.object({ type: z.literal('zen.toggle') }),
  z.object({ type: z.literal('search.open') }),
  /** Show the break screen ('Take a break', or the editor timer reaching zero). */
  z.object({ type: z.literal('break.start') }),
  z.object({
    type: z.literal('settings.open'),
    tab: z.optional(z.string()),
    /** Back from the provider's checkout: the Plans tab says the plan is activating until it is. */
    checkout: z.optional(z.enum(['success', 'canceled'])),
  }),
  z.object({
    type: z.literal('pricing.open'),
    reason: z.enum(['rate-limit', 'premium-feature', 'upgrade']),
    feature: z.optional(z.string()),
  }),
  /** Add an idea or writing to the chat's context (drag and drop, "Ask AI"). */
  z.object({ type: z.literal('chat.context-add'), item: contextItemSchema }),
  /** Show a short notice in the shell's toasts (an area inside a dialog that is about to close). */
  z.object({ type: z.literal('toast.show'), tone: z.enum(['success', 'error']), text: z.string() }),
  /** A sound effect, played by the shell when sound effects are on (the editor timer's end). */
  z.object({ type: z.literal('sound.play'), sound: z.enum(['timer-end']) }),
  /** The chat asks which writing is open; the editor answers at once with `document.active`. */
  z.object({ type: z.literal('document.request') }),
  /** The writing open in the editor, as plain text (the chat's "open document" context). */
  z.object({ type: z.literal('document.active'), item: contextItemSchema }),
  /**
   * The first screen is usable: the writing that opens can be typed in (or there is none to open). Code
   * the first screen does not need waits for it (`afterFirstScreen`).
   */
  z.object({ type: z.literal('workspace.ready') }),
  /** A parcel finished mounting; the shell uses it to know when the workspace is ready. */
  z.object({ type: z.literal('area.mounted'), area: z.string(), parcel: z.string() }),
]);

export type BusEvent = z.infer<typeof busEventSchema>;
export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;
