import { useRef, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { TextField } from '../../../components/text-field';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import type { RedirectState } from '../../../lib/redirect-state';
import { PasswordFields } from '../../../components/password-fields';
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
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  // isPending only updates on the next render; two submits in one tick (a
  // double click, Enter pressed twice) would both get through without this.
  const saving = useRef(false);

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current) return;
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    saving.current = true;
    try {
      await change.mutateAsync({ current_password: current, new_password: password });
    } catch {
      return; // shown from change.error below
    } finally {
      saving.current = false;
    }
    const state: RedirectState = { message: CHANGED_MESSAGE };
    await navigate(paths.profile, { state });
  };

  const fieldErrors = change.error instanceof ApiError ? change.error.fields : {};
  const error = mismatch
    ? messages.passwordsDoNotMatch
    : change.isError
      ? (refusalMessage(change.error) ?? FAILED_MESSAGE)
      : null;

  return (
    <Page title={routes.changePassword.title} className="narrow">
      <form className="form" onSubmit={(event) => void handleSubmit(event)}>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <TextField
          label="Current Password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          aria-required="true"
          errors={fieldErrors.current_password}
          value={current}
          onChange={(event) => {
            setCurrent(event.target.value);
          }}
        />
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          errors={fieldErrors.new_password}
          passwordLabel="New Password"
          confirmationLabel="Confirm New Password"
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? 'Changing Password...' : 'Change Password'}
          </button>
          <Link to={paths.profile} className="button button-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </Page>
  );
}
