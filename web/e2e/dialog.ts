/**
 * The app's one dialog (src/components/confirm-dialog.tsx), which took the
 * place of window.confirm and window.alert: an alertdialog named by its
 * title and described by its message, outside <main>.
 */
import { expect, type Page } from '@playwright/test';

/** The dialog titled `title`, word for word when a string: "Announce SCULC 2026" is not "Announce SCULC 2026 anyway?". */
export function dialogOf(page: Page, title: string | RegExp) {
  return page.getByRole('alertdialog', { name: title, exact: typeof title === 'string' });
}

/**
 * Waits for the dialog titled `title`, checks its message (word for word when
 * a string), clicks its button `button` and waits for it to close.
 */
export async function answerDialog(page: Page, title: string | RegExp, button: string, message?: string | RegExp) {
  const dialog = dialogOf(page, title);
  await expect(dialog).toBeVisible();
  if (message !== undefined) await expect(dialog).toHaveAccessibleDescription(message);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}
