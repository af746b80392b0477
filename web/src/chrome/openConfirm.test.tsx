import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/api';
import { openConfirm } from './openConfirm';

// A file of its own: the modal host's chunk (ModalsHost.tsx, lazy) is not loaded yet at the click,
// as on a slow phone; the confirm modal must open once it is, not be lost.
describe('openConfirm', () => {
  it('opens a confirm modal asked for before the lazy host is mounted', async () => {
    renderApp(
      <button type="button" onClick={() => openConfirm({ title: 'Sure?', labels: { confirm: 'Yes', cancel: 'No' } })}>
        ask
      </button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByRole('dialog', { name: 'Sure?' })).toBeTruthy();
  });
});
