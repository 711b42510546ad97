// Voice input through the Web Speech API: interim and final text fill the composer.
import { useCallback, useEffect, useRef, useState } from 'react';

interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  stop(): void;
}

type RecognitionClass = new () => Recognition;

const recognitionClass = (): RecognitionClass | undefined => {
  const scope = globalThis as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
};

/**
 * `toggle` starts or stops listening; `onText(base + heard)` is called with the text heard so far
 * (interim results included) appended to what the composer held when listening began.
 */
export function useVoiceInput(current: () => string, onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition>(undefined);
  const supported = recognitionClass() !== undefined;

  useEffect(() => () => recognition.current?.stop(), []);

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    const Speech = recognitionClass();
    if (!Speech) return;
    const listener = new Speech();
    const base = current();
    const prefix = base && !/\s$/.test(base) ? `${base} ` : base;
    listener.continuous = true;
    listener.interimResults = true;
    listener.onresult = (event) => {
      let heard = '';
      for (let index = 0; index < event.results.length; index += 1)
        heard += event.results[index]?.[0]?.transcript ?? '';
      onText(prefix + heard);
    };
    listener.onend = () => {
      recognition.current = undefined;
      setListening(false);
    };
    listener.onerror = (event) => console.warn('[chat] voice input failed', event.error);
    recognition.current = listener;
    listener.start();
    setListening(true);
  }, [current, onText]);

  return { supported, listening, toggle };
}
