import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { DialogProvider, useConfirm, useNotice, type ConfirmOptions } from './confirm-dialog';

const deleteQuestion: ConfirmOptions = {
  title: 'Delete submission',
  message: 'Are you sure you want to delete “syntax.pdf”?',
  confirmLabel: 'Delete',
  tone: 'danger',
};

/** A button that asks, and says what the answer was. */
function Asker({ options = deleteQuestion }: { options?: ConfirmOptions }) {
  const confirm = useConfirm();
  const notice = useNotice();
  const [answer, setAnswer] = useState('none yet');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm(options).then((sure) => {
            setAnswer(sure ? 'yes' : 'no');
          })
        }
      >
        Delete syntax.pdf
      </button>
      <button
        type="button"
        onClick={() =>
          void notice({ title: 'Submission deleted', message: 'Your submission has been deleted.' }).then(() => {
            setAnswer('closed');
          })
        }
      >
        Tell
      </button>
      <p>Answer: {answer}</p>
    </>
  );
}

function renderAsker(options?: ConfirmOptions) {
  const user = userEvent.setup();
  render(
    <DialogProvider>
      <Asker options={options} />
    </DialogProvider>,
  );
  return user;
}

describe('confirm dialog', () => {
  it('is an alertdialog named by its title and described by its question, with Cancel focused', async () => {
    const user = renderAsker();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete syntax.pdf' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete submission' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete “syntax.pdf”?');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('heading', { name: 'Delete submission' })).toBeVisible();
    // A destructive question starts on the harmless answer.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('button', 'button-danger');
  });

  it('answers yes with its confirm button and gives focus back to the opener', async () => {
    const user = renderAsker();
    const opener = screen.getByRole('button', { name: 'Delete syntax.pdf' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Answer: yes')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('answers no with Cancel', async () => {
    const user = renderAsker();
    await user.click(screen.getByRole('button', { name: 'Delete syntax.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Answer: no')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete syntax.pdf' })).toHaveFocus();
  });

  it('answers no with Esc, and focus returns to the opener', async () => {
    const user = renderAsker();
    const opener = screen.getByRole('button', { name: 'Delete syntax.pdf' });
    await user.click(opener);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');

    expect(await screen.findByText('Answer: no')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab among its own buttons', async () => {
    const user = renderAsker();
    await user.click(screen.getByRole('button', { name: 'Delete syntax.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it('starts on Cancel for a question that is not destructive too, with a plain confirm button', async () => {
    const user = renderAsker({ title: 'Publish the program', message: 'Publish the SCULC 2025 program?', confirmLabel: 'Publish' });
    await user.click(screen.getByRole('button', { name: 'Delete syntax.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish the program' });

    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Publish' })).not.toHaveClass('button-danger');
  });

  it('tells with a single OK, word for word, and resolves once closed', async () => {
    const user = renderAsker();
    const opener = screen.getByRole('button', { name: 'Tell' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Submission deleted' });

    expect(dialog).toHaveAccessibleDescription('Your submission has been deleted.');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['OK']);
    expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    expect(screen.getByText('Answer: none yet')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Answer: closed')).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('shows a second request after the first is answered', async () => {
    const user = renderAsker();
    await user.click(screen.getByRole('button', { name: 'Delete syntax.pdf' }));
    // The dialog is modal in a browser; here a script asks again while it is open.
    screen.getByRole('button', { name: 'Tell', hidden: true }).click();
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete submission' })).getByRole('button', { name: 'Cancel' }));

    const next = await screen.findByRole('alertdialog', { name: 'Submission deleted' });
    await user.click(within(next).getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });
});
