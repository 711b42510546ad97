import { getPreferences } from 'shared-kernel';

let context: AudioContext | undefined;

/**
 * A soft two-note chime made with Web Audio (nothing to download), played only while sound effects are
 * on (Workspace settings). A browser that refuses audio before a user gesture is logged and ignored.
 */
export function playSound(_sound: 'timer-end'): void {
  if (!getPreferences().soundEffects) return;
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [index, frequency] of [660, 880].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + index * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.6);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.65);
    }
  } catch (error) {
    console.warn('[sound] could not play the chime', error);
  }
}
