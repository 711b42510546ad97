// Voice input (Web Speech API).
export { useVoiceInput } from './use-voice-input.ts';
