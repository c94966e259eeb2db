import { Link, useNavigate } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PasswordFields, passwordMismatch } from '../../../components/password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/field';
import { paths, routes } from '../../../config/routes';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import type { RedirectState } from '../../../lib/redirect-state';
import { useChangePassword } from '../api/change-password';

/** Shown on /profile after the change; it contains 'success', so it is styled as one. */
export const CHANGED_MESSAGE = 'Password changed successfully. You have been signed out on your other devices.';

const FAILED_MESSAGE = 'Failed to change your password. Please try again.';

/**
 * A new password, given the current one (reached from /profile). The
 * server ends every other session of the account; this one stays.
 */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const form = useForm(useChangePassword(), {
    initial: { current: '', password: '', confirmation: '' },
    check: passwordMismatch,
    request: ({ current, password }) => ({ current_password: current, new_password: password }),
    failure: (error) => refusalMessage(error) ?? FAILED_MESSAGE,
    onSent: () => {
      const state: RedirectState = { message: CHANGED_MESSAGE };
      return navigate(paths.profile, { state });
    },
  });

  return (
    <Page title={routes.changePassword.title} className="narrow">
      <form className="form" onSubmit={form.handleSubmit}>
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        <TextField
          label="Current Password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          aria-required="true"
          {...form.field('current', 'current_password')}
        />
        <PasswordFields
          password={form.field('password', 'new_password')}
          confirmation={form.field('confirmation')}
          passwordLabel="New Password"
          confirmationLabel="Confirm New Password"
        />
        <div className="button-row">
          <SubmitButton busy={form.busy} busyLabel="Changing Password...">
            Change Password
          </SubmitButton>
          <Link to={paths.profile} className="button button-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </Page>
  );
}
