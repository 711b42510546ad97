// The model selector and the context toggles above the composer.
import { AUTO_MODEL_ID, type ChatConfig, messages } from 'shared-kernel';
import styles from './chat-toolbar.module.css';
import type { ModelOffer } from './model-offer.ts';

const TOGGLES = [
  ['isIdeasActive', messages.chat.contextIdeas],
  ['isDocContextActive', messages.chat.contextDocument],
  ['isWritingsActive', messages.chat.contextWritings],
] as const;

export function ChatToolbar({
  config,
  onChange,
  offer,
}: {
  config: ChatConfig;
  onChange: (change: Partial<ChatConfig>) => void;
  offer: ModelOffer | undefined;
}) {
  const models = offer?.models ?? [{ id: AUTO_MODEL_ID, label: 'Auto', available: true, advanced: false }];
  // A chosen model this server cannot reach is answered by 'auto' (functions/src/chat/providers.ts): the
  // selector says so, and the choice is kept for a server that has the model.
  const chosen = models.find((model) => model.id === config.model);
  const shown = chosen?.available ? chosen.id : AUTO_MODEL_ID;
  return (
    <div className={styles.toolbar}>
      <label className={styles.modelPicker}>
        <span className={styles.visuallyHidden}>{messages.chat.model}</span>
        <select value={shown} onChange={(event) => onChange({ model: event.target.value })}>
          {models.map((model) => (
            <option key={model.id} value={model.id} disabled={!model.available}>
              {model.available ? model.label : `${model.label} (${messages.chat.modelUnavailable})`}
            </option>
          ))}
        </select>
      </label>
      {TOGGLES.map(([key, label]) => (
        <label key={key} className={styles.toggle}>
          <input
            type="checkbox"
            checked={config[key]}
            onChange={(event) => onChange({ [key]: event.target.checked })}
          />
          {label}
        </label>
      ))}
      <label
        className={styles.toggle}
        title={offer?.webSearch ? undefined : messages.chat.webSearchUnavailable}
      >
        <input
          type="checkbox"
          checked={config.performWebSearch && Boolean(offer?.webSearch)}
          disabled={!offer?.webSearch}
          onChange={(event) => onChange({ performWebSearch: event.target.checked })}
        />
        {messages.chat.contextWebSearch}
      </label>
    </div>
  );
}
