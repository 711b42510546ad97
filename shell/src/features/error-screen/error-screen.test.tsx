import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';

afterEach(() => vi.restoreAllMocks());

describe('ErrorScreen', () => {
  it('says what happened and offers Try Again and Reload Page', async () => {
    const onTryAgain = vi.fn();
    render(<ErrorScreen onTryAgain={onTryAgain} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText(
        'An unexpected error occurred. This might be due to a browser extension or network issue.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onTryAgain).toHaveBeenCalledOnce();
  });

  it('reloads the page with Reload Page', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    render(<ErrorScreen onTryAgain={() => {}} />);

    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('AppErrorBoundary', () => {
  let failing = true;
  function Fragile() {
    if (failing) throw new Error('render failed');
    return <p>Workspace</p>;
  }

  it('logs a render failure, shows the error screen, and renders afresh on Try Again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    failing = true;
    render(
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('Workspace')).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      '[shell] unexpected failure',
      expect.objectContaining({ message: 'render failed' }),
      expect.any(String),
    );

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Workspace')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
