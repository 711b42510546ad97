import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_CHAT_CONFIG } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { ChatToolbar } from './chat-toolbar.tsx';
import type { ModelOffer } from './model-offer.ts';

const offer = (sonnetAvailable: boolean): ModelOffer => ({
  models: [
    { id: 'auto', label: 'Auto', available: true, advanced: false },
    {
      id: DEFAULT_CHAT_CONFIG.model,
      label: 'Claude Sonnet 5.5',
      available: sonnetAvailable,
      advanced: false,
    },
    { id: 'notes-only', label: 'Notes only (no AI model)', available: true, advanced: false },
  ],
  modelConfigured: sonnetAvailable,
  webSearch: false,
});
const selector = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Model' });

describe('the model selector', () => {
  it("shows 'Auto' for a chosen model this server cannot reach, which is what answers, and keeps the choice", () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ChatToolbar config={DEFAULT_CHAT_CONFIG} onChange={onChange} offer={offer(false)} />,
    );
    expect(selector().value).toBe('auto');
    expect(onChange).not.toHaveBeenCalled();

    rerender(<ChatToolbar config={DEFAULT_CHAT_CONFIG} onChange={onChange} offer={offer(true)} />);
    expect(selector().value).toBe(DEFAULT_CHAT_CONFIG.model);
    fireEvent.change(selector(), { target: { value: 'notes-only' } });
    expect(onChange).toHaveBeenCalledWith({ model: 'notes-only' });
  });
});
