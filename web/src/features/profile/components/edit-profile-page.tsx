import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

import type { SessionUser } from '../../../api/types';
import { FormMessage, toneOf } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { TextField } from '../../../components/text-field';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import type { RedirectState } from '../../../lib/redirect-state';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** Shown on /profile after saving; it contains 'success', so it is styled as one. */
const SAVED_MESSAGE = 'Profile updated successfully.';

/** The form, mounted once the profile has loaded so that its fields start filled. */
function EditProfileForm({ profile }: { profile: SessionUser }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    try {
      await update.mutateAsync({ first_name: firstName, last_name: lastName });
    } catch {
      return; // shown from update.error below
    }
    const state: RedirectState = { message: SAVED_MESSAGE };
    await navigate(paths.profile, { state });
  };

  const fieldErrors = update.error instanceof ApiError ? update.error.fields : {};
  const message = update.isError ? messages.profileUpdateFailed : null;

  return (
    <form className="form" onSubmit={(event) => void handleSubmit(event)}>
      {message && <FormMessage tone={toneOf(message)}>{message}</FormMessage>}
      <TextField label="Email" type="email" name="email" value={profile.email} readOnly />
      <TextField
        label="First Name"
        name="first-name"
        autoComplete="given-name"
        errors={fieldErrors.first_name}
        value={firstName}
        onChange={(event) => {
          setFirstName(event.target.value);
        }}
      />
      <TextField
        label="Last Name"
        name="last-name"
        autoComplete="family-name"
        errors={fieldErrors.last_name}
        value={lastName}
        onChange={(event) => {
          setLastName(event.target.value);
        }}
      />
      <button type="submit" className="button" disabled={update.isPending}>
        Save Changes
      </button>
    </form>
  );
}

export function EditProfilePage() {
  const profile = useProfile();

  return (
    <Page title={routes.editProfile.title} className="narrow">
      {profile.isPending && <PageLoading label="Loading your profile…" />}
      {profile.isError && <FormMessage tone="error">{messages.profileLoadFailed}</FormMessage>}
      {profile.isSuccess && <EditProfileForm profile={profile.data} />}
    </Page>
  );
}
