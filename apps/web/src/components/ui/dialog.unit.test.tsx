import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** Test-only texts (not interface text). */
const TEXT = {
  open: 'Export PDF',
  other: 'Something else',
  title: 'Premium only',
  body: 'PDF export is a Premium feature.',
  close: 'Close',
};

/** A dialog opened from code, as the app's are (no Radix trigger): the book details, PDF, Limit. */
function OpenedFromCode() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {TEXT.open}
      </button>
      <button type="button">{TEXT.other}</button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>{TEXT.title}</DialogTitle>
          <DialogDescription>{TEXT.body}</DialogDescription>
          <DialogClose>{TEXT.close}</DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent (issue 14)', () => {
  it('gives focus back to what opened it when closed with its button', async () => {
    const user = userEvent.setup();
    render(<OpenedFromCode />);
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export PDF' })),
    );
  });

  it('gives focus back to what opened it when closed with Escape', async () => {
    const user = userEvent.setup();
    render(<OpenedFromCode />);
    screen.getByRole('button', { name: 'Export PDF' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Premium only' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export PDF' })),
    );
  });
});
