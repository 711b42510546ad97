import type { Editor as TiptapEditor } from '@tiptap/core';
import { useEffect, useRef, useState } from 'react';
import {
  afterFirstScreen,
  type EventBus,
  FOOTER_CLOCK_TICK_MS,
  messages,
  notifyDesktop,
  touchTargetClass,
  whenIdle,
} from 'shared-kernel';
import { countDocumentWords } from './document/index.ts';
import styles from './editor.module.css';
import { formatCountdown, useCountdown } from './use-countdown.ts';

// Counting a 100,000-word document takes milliseconds: done after typing pauses, never per keystroke.
const WORD_COUNT_DELAY_MS = 400;
/**
 * A document's first count reads every block: tens of milliseconds for 100,000 words on a 2-core machine.
 * It is counted a slice this long at a time, when the page is idle (or after the timeout), so neither
 * opening a long writing nor the first keys typed into it wait for the count.
 */
const WORD_COUNT_SLICE_MS = 8;
const WORD_COUNT_IDLE_TIMEOUT_MS = 1000;

/**
 * True once the first screen is usable and the page idle. A renderer's first formatted date or number
 * loads the locale's data (45-100 ms of a cold load's main thread on a 2-core machine, measured in
 * Chromium): the clock and the count are formatted after the editor has taken over, not on the way to it.
 */
function useFormattingReady(bus: EventBus): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(bus, () => setReady(true)), [bus]);
  return ready;
}

// Made on first use, once formatting is ready (above), and kept: the footer renders four times a second
// while the focus timer runs, and `toLocaleTimeString` with options makes a new formatter on every call.
let clockFormat: Intl.DateTimeFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;
function formatClock(date: Date): string {
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  return clockFormat.format(date);
}
function formatCount(count: number): string {
  countFormat ??= new Intl.NumberFormat();
  return countFormat.format(count);
}

function useClock(running: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    setNow(new Date());
    const interval = setInterval(() => setNow(new Date()), FOOTER_CLOCK_TICK_MS);
    return () => clearInterval(interval);
  }, [running]);
  return now;
}

/**
 * The document's word count: counted when the page is idle, in slices (never on the way to showing the
 * document), and again once typing pauses. Null until the writing shown has been counted; a newer copy of
 * the same writing keeps the last count shown until it is counted.
 */
function useWordCount(editor: TiptapEditor, writing: string | null, revision: number): number | null {
  const [words, setWords] = useState<number | null>(null);
  const countedWriting = useRef(writing);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelSlice = () => {};
    const countSlice = () => {
      const end = performance.now() + WORD_COUNT_SLICE_MS;
      const counted = countDocumentWords(editor.state.doc, () => performance.now() < end);
      if (counted === null) cancelSlice = whenIdle(countSlice, { timeoutMs: WORD_COUNT_IDLE_TIMEOUT_MS });
      else setWords(counted);
    };
    const count = () => {
      cancelSlice();
      cancelSlice = whenIdle(countSlice, { timeoutMs: WORD_COUNT_IDLE_TIMEOUT_MS });
    };
    const recount = () => {
      clearTimeout(timer);
      timer = setTimeout(count, WORD_COUNT_DELAY_MS);
    };
    // Another writing: the count shown was the last one's.
    if (countedWriting.current !== writing) {
      countedWriting.current = writing;
      setWords(null);
    }
    count();
    editor.on('update', recount);
    editor.on('create', recount);
    return () => {
      clearTimeout(timer);
      cancelSlice();
      editor.off('update', recount);
      editor.off('create', recount);
    };
    // A replaced document (another writing, a newer copy) comes without an update event: these recount.
  }, [editor, writing, revision]);
  return words;
}

/**
 * The editor's footer: the time (refreshed every minute), the word count, and the focus timer. A click
 * on the timer starts the 15-minute countdown, pauses or resumes it; a double-click resets it; at zero
 * the break screen is offered through the bus.
 */
export function EditorFooter({
  editor,
  bus,
  writing,
  revision,
}: {
  editor: TiptapEditor;
  bus: EventBus;
  /** The writing shown, if any. */
  writing: string | null;
  /** Changes whenever a newer copy of the writing replaces the editor's document (the word count follows). */
  revision: number;
}) {
  const formatting = useFormattingReady(bus);
  const now = useClock(formatting);
  const words = useWordCount(editor, writing, revision);
  const timer = useCountdown(() => {
    // The timer's end: a chime and a desktop notification when the writer turned them on, then the break.
    bus.emit({ type: 'sound.play', sound: 'timer-end' });
    notifyDesktop({
      title: messages.settings.notifications.timerEnded,
      body: messages.settings.notifications.timerEndedBody,
    });
    bus.emit({ type: 'break.start' });
  });
  return (
    <footer className={styles.footer}>
      <time dateTime={now.toISOString()}>{formatting && formatClock(now)}</time>
      <span data-testid="word-count">
        {words === null || !formatting ? '' : words === 1 ? '1 word' : `${formatCount(words)} words`}
      </span>
      <button
        type="button"
        className={`${styles.timer} ${touchTargetClass}`}
        aria-label={timer.running ? 'Pause timer' : 'Start timer'}
        aria-pressed={timer.running}
        title="Click to start or pause, double-click to reset"
        onClick={timer.toggle}
        onDoubleClick={timer.reset}
      >
        {formatCountdown(timer.remaining)}
      </button>
    </footer>
  );
}
