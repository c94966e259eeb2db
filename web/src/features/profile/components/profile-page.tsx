import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { Button } from '../../../components/button';
import { FormMessage, toneOf } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { readRedirectState } from '../../../lib/redirect-state';
import { useProfile } from '../api/get-profile';
import { useLogOut } from '../api/log-out';

export function ProfilePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useProfile();
  const logOut = useLogOut();
  const [logOutFailed, setLogOutFailed] = useState(false);
  // E.g. 'Profile updated successfully.' from /edit-profile.
  const passedMessage = readRedirectState(location.state).message;

  const handleLogOut = async () => {
    setLogOutFailed(false);
    try {
      await logOut.mutateAsync();
    } catch {
      setLogOutFailed(true);
      return;
    }
    // useLogOut forgets the session once this page has gone.
    await navigate(paths.home);
  };

  return (
    <Page title={routes.profile.title} className="narrow">
      {passedMessage && <FormMessage tone={toneOf(passedMessage)}>{passedMessage}</FormMessage>}
      {profile.isPending && <PageLoading label="Loading your profile…" />}
      {profile.isError && <FormMessage tone="error">{messages.profileLoadFailed}</FormMessage>}
      {profile.isSuccess && <h2>Welcome {profile.data.first_name.trim() || 'Guest'}!</h2>}
      {profile.isSuccess && (
        <p>
          Your submissions, next steps and deadlines are on your{' '}
          <Link to={paths.sculc}>conference home</Link>.
        </p>
      )}
      {logOutFailed && <FormMessage tone="error">Failed to log out. Please try again.</FormMessage>}
      <div className="button-row">
        {/* A link styled as a button: it goes to another page. */}
        <Link to={paths.editProfile} className="button">
          Edit Profile
        </Link>
        <Link to={paths.changePassword} className="button">
          Change Password
        </Link>
        <Button variant="secondary"
          disabled={logOut.isPending}
          onClick={() => void handleLogOut()}
        >
          Log Out
        </Button>
      </div>
    </Page>
  );
}
