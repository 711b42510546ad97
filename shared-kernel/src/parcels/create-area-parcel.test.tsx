import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { ParcelConfig } from 'single-spa';
import { mountRootParcel } from 'single-spa';
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaProps } from '../contracts/area-props.ts';
import { createTestAreaProps } from '../testing/index.ts';
import { createAreaParcel } from './create-area-parcel.tsx';

const mounted: Array<{ unmount(): Promise<unknown>; getStatus(): string }> = [];

async function mountParcel(config: ParcelConfig, props: object) {
  const domElement = document.body.appendChild(document.createElement('div'));
  const parcel = mountRootParcel(config, { ...props, domElement });
  mounted.push(parcel);
  // Not inside act(): single-spa-react resolves the mount from a React commit, which act would hold back.
  await parcel.mountPromise.catch(() => undefined);
  return parcel;
}

afterEach(async () => {
  for (const parcel of mounted.splice(0)) {
    if (parcel.getStatus() === 'MOUNTED') await act(() => parcel.unmount());
  }
  document.body.innerHTML = '';
});

function Greeting({ user }: AreaProps) {
  return <p>Hello {user?.email}</p>;
}

describe('createAreaParcel', () => {
  it('mounts the area component with the shell props and announces it on the bus', async () => {
    const props = createTestAreaProps();
    const parcel = await mountParcel(createAreaParcel({ label: 'Greeting', component: Greeting }), props);

    expect(parcel.getStatus()).toBe('MOUNTED');
    expect(screen.getByText('Hello writer@example.com')).toBeTruthy();
    expect(props.events).toContainEqual(expect.objectContaining({ type: 'area.mounted', area: 'Greeting' }));
  });

  it('refuses to mount with props of another contract version', async () => {
    const props = { ...createTestAreaProps(), contractVersion: 999 };
    const parcel = await mountParcel(createAreaParcel({ label: 'Greeting', component: Greeting }), props);

    expect(parcel.getStatus()).not.toBe('MOUNTED');
    await expect(parcel.mountPromise).rejects.toThrow(/contractVersion/);
    expect(screen.queryByText(/Hello/)).toBeNull();
  });

  it('contains a render error in the parcel and renders it again on Retry', async () => {
    let failing = true;
    function Flaky() {
      const [clicks, setClicks] = useState(0);
      if (failing) throw new Error('boom');
      return (
        <button type="button" onClick={() => setClicks(clicks + 1)}>
          Clicked {clicks}
        </button>
      );
    }
    const parcel = await mountParcel(
      createAreaParcel({ label: 'Flaky area', component: Flaky }),
      createTestAreaProps(),
    );

    expect(parcel.getStatus()).toBe('MOUNTED');
    expect(screen.getByRole('alert').textContent).toContain('Flaky area is unavailable');

    failing = false;
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeTruthy());
  });
});
