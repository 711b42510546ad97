// The writer's chat settings: the model and the context toggles. Kept on this device at once and in the
// user's metadata (`chat_config`) 400 ms after a change, so they follow the writer to another device.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_CONFIG_SAVE_DELAY_MS,
  type ChatConfig,
  readChatConfig,
  type WorkspaceClient,
} from 'shared-kernel';

const storageKey = (userId: string) => `chat.config.${userId}`;

function readLocal(userId: string): ChatConfig {
  try {
    return readChatConfig(JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null'));
  } catch {
    return readChatConfig(null);
  }
}

function writeLocal(userId: string, config: ChatConfig): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(config));
  } catch (error) {
    console.warn('[chat] the chat settings could not be kept on this device', error);
  }
}

/** The config and a setter taking a partial change; the server's copy wins when the panel opens. */
export function useChatConfig(
  client: WorkspaceClient,
  userId: string,
): [ChatConfig, (change: Partial<ChatConfig>) => void] {
  const [config, setConfig] = useState(() => readLocal(userId));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let current = true;
    client.auth.getUser().then(({ data }) => {
      const stored = data.user?.user_metadata?.chat_config;
      if (!current || !stored) return;
      const next = readChatConfig(stored);
      setConfig(next);
      writeLocal(userId, next);
    }, console.warn);
    return () => {
      current = false;
    };
  }, [client, userId]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const update = useCallback(
    (change: Partial<ChatConfig>) => {
      setConfig((previous) => {
        const next = { ...previous, ...change };
        writeLocal(userId, next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          client.auth.updateUser({ data: { chat_config: next } }).then(({ error }) => {
            if (error) console.warn('[chat] the chat settings could not be saved', error.message);
          }, console.warn);
        }, CHAT_CONFIG_SAVE_DELAY_MS);
        return next;
      });
    },
    [client, userId],
  );
  return [config, update];
}
