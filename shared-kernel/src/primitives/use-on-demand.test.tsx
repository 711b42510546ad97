import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnDemand } from './use-on-demand.ts';

function Greeting() {
  return <p>Hello</p>;
}

function Host({
  load,
  requestOnMount = false,
}: {
  load: () => Promise<typeof Greeting>;
  requestOnMount?: boolean;
}) {
  const [Loaded, request] = useOnDemand(load);
  useEffect(() => {
    if (requestOnMount) request();
  }, [requestOnMount, request]);
  return Loaded ? (
    <Loaded />
  ) : (
    <button type="button" onClick={request}>
      Load
    </button>
  );
}

describe('useOnDemand', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads nothing until asked, then renders what arrived', async () => {
    const load = vi.fn(async () => Greeting);
    render(<Host load={load} />);
    expect(load).not.toHaveBeenCalled();

    await act(async () => screen.getByRole('button', { name: 'Load' }).click());
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next request after a failed load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(Greeting);
    render(<Host load={load} requestOnMount />);
    await act(async () => {});
    expect(screen.queryByText('Hello')).toBeNull();
    expect(error).toHaveBeenCalled();

    await act(async () => screen.getByRole('button', { name: 'Load' }).click());
    expect(await screen.findByText('Hello')).toBeTruthy();
  });
});

describe('useOnDemand shared by several components', () => {
  it('loads once and shows the code in every component that asked for it', async () => {
    const load = vi.fn(async () => Greeting);
    render(
      <>
        <Host load={load} />
        <Host load={load} />
      </>,
    );
    const [first] = screen.getAllByRole('button', { name: 'Load' });
    await act(async () => first?.click());
    expect(await screen.findAllByText('Hello')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
