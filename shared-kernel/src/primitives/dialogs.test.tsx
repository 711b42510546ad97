import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, PromptDialog } from './dialogs.tsx';

function PromptHost({
  onSubmit,
  validate,
  suggestions,
}: {
  onSubmit: (value: string) => void;
  validate?: (value: string) => string | null;
  suggestions?: string[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <PromptDialog
        open={open}
        onOpenChange={setOpen}
        title="Rename folder"
        label="Folder name"
        defaultValue="Drafts"
        confirmLabel="Save"
        onSubmit={onSubmit}
        validate={validate}
        suggestions={suggestions}
      />
    </>
  );
}

function ConfirmHost({ onConfirm, irreversible }: { onConfirm: () => void; irreversible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete folder? Writings will be unassigned."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        irreversible={irreversible}
      />
    </>
  );
}

async function openFrom(name: string) {
  const user = userEvent.setup();
  const trigger = screen.getByRole('button', { name });
  await user.click(trigger);
  return { user, trigger };
}

describe('PromptDialog', () => {
  it('opens with its field labelled, prefilled and focused; Enter submits what was typed and focus returns', async () => {
    const onSubmit = vi.fn();
    render(<PromptHost onSubmit={onSubmit} />);
    const { user, trigger } = await openFrom('Rename');

    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
    const field = screen.getByRole('textbox', { name: 'Folder name' });
    expect(dialog.contains(field)).toBe(true);
    expect((field as HTMLInputElement).value).toBe('Drafts');
    await waitFor(() => expect(document.activeElement).toBe(field));

    await user.clear(field);
    await user.type(field, 'Essays{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Essays');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('Escape cancels without submitting and returns focus to the trigger', async () => {
    const onSubmit = vi.fn();
    render(<PromptHost onSubmit={onSubmit} />);
    const { user, trigger } = await openFrom('Rename');
    await screen.findByRole('dialog', { name: 'Rename folder' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps a refused value in the field and says why, submitting nothing', async () => {
    const onSubmit = vi.fn();
    const validate = (value: string) => (value.trim() ? null : 'Category name is required');
    render(<PromptHost onSubmit={onSubmit} validate={validate} />);
    const { user } = await openFrom('Rename');
    const field = await screen.findByRole('textbox', { name: 'Folder name' });

    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Category name is required');
    expect(screen.getByRole('dialog', { name: 'Rename folder' })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('   ');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('PromptDialog with suggestions', () => {
  it('offers them as the field is typed in, and still takes a value that is not among them', async () => {
    const onSubmit = vi.fn();
    render(<PromptHost onSubmit={onSubmit} suggestions={['Drafts', 'Letters']} />);
    const { user } = await openFrom('Rename');
    const field = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Folder name' });
    expect([...(field.list?.options ?? [])].map((option) => option.value)).toEqual(['Drafts', 'Letters']);
    await user.clear(field);
    await user.type(field, 'Poems{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Poems');
  });
});

describe('ConfirmDialog', () => {
  it('asks by its title with the confirm button focused; Enter confirms and focus returns', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmHost onConfirm={onConfirm} />);
    const { user, trigger } = await openFrom('Delete');

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete folder? Writings will be unassigned.',
    });
    const confirm = screen
      .getAllByRole('button', { name: 'Delete' })
      .find((button) => dialog.contains(button));
    await waitFor(() => expect(document.activeElement).toBe(confirm));

    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('asks with Cancel focused when it cannot be undone: an Enter too many cancels, Tab then Enter confirms', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmHost onConfirm={onConfirm} irreversible />);
    const { user, trigger } = await openFrom('Delete');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await screen.findByRole('alertdialog');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await user.keyboard('{Tab}{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Escape cancels without confirming and returns focus to the trigger', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmHost onConfirm={onConfirm} />);
    const { user, trigger } = await openFrom('Delete');
    await screen.findByRole('alertdialog');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });
});
