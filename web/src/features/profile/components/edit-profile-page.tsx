import { useNavigate } from 'react-router';

import type { SessionUser } from '../../../api/types';
import { NameFields } from '../../../components/account-fields';
import { FormMessage, toneOf } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/field';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { useForm } from '../../../hooks/use-form';
import type { RedirectState } from '../../../lib/redirect-state';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** Shown on /profile after saving; it contains 'success', so it is styled as one. */
const SAVED_MESSAGE = 'Profile updated successfully.';

/** The form, mounted once the profile has loaded so that its fields start filled. */
function EditProfileForm({ profile }: { profile: SessionUser }) {
  const navigate = useNavigate();
  const form = useForm(useUpdateProfile(), {
    initial: { firstName: profile.first_name, lastName: profile.last_name },
    request: ({ firstName, lastName }) => ({ first_name: firstName, last_name: lastName }),
    failure: () => messages.profileUpdateFailed,
    onSent: () => {
      const state: RedirectState = { message: SAVED_MESSAGE };
      return navigate(paths.profile, { state });
    },
  });

  return (
    <form className="form" onSubmit={form.handleSubmit}>
      {form.error && <FormMessage tone={toneOf(form.error)}>{form.error}</FormMessage>}
      <TextField label="Email" type="email" name="email" value={profile.email} readOnly />
      <NameFields firstName={form.field('firstName', 'first_name')} lastName={form.field('lastName', 'last_name')} />
      <SubmitButton busy={form.busy}>Save Changes</SubmitButton>
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
