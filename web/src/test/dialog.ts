import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The app's open dialog (components/confirm-dialog.tsx), by its title when given. */
export function findDialog(title?: string | RegExp): Promise<HTMLElement> {
  return screen.findByRole('alertdialog', title === undefined ? undefined : { name: title });
}

/**
 * Waits for the dialog (titled `title` when given), clicks its button
 * `button` ('Delete', 'Cancel', 'OK') and returns what it said: the message
 * that describes it, read before the click takes the dialog away.
 */
export async function answerDialog(user: UserEvent, button: string | RegExp, title?: string | RegExp): Promise<string> {
  const dialog = await findDialog(title);
  const messageId = dialog.getAttribute('aria-describedby');
  const message = messageId ? (document.getElementById(messageId)?.textContent ?? '') : '';
  await user.click(within(dialog).getByRole('button', { name: button }));
  return message;
}
