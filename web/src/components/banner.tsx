import { Link } from 'react-router';

import { useCountdown, type Countdown } from '../hooks/use-countdown';
import type { CurrentEdition } from '../lib/content-types';
import { useSite } from '../lib/site-content';

/**
 * The notice at the top of every page, about the current edition as the
 * server's data says (so opening the next edition needs no code change).
 * Nothing shows until that data has arrived.
 */
export function Banner() {
  const { data: site } = useSite();
  const edition = site?.current_edition;
  if (!edition) return null;
  return <EditionBanner edition={edition} />;
}

interface EditionBannerProps {
  edition: CurrentEdition;
}

/**
 * Counts down to the conference while that lies ahead, then says it has
 * concluded. Before its day is known, it announces an open call for
 * abstracts, or just names the edition.
 */
export function EditionBanner({ edition }: EditionBannerProps) {
  const { countdown_to: countdownTo, title, path, call_open: callOpen } = edition;
  return (
    <aside className="site-banner" aria-label="Conference news">
      {countdownTo ? (
        <CountdownText target={new Date(countdownTo)} title={title} path={path} />
      ) : (
        <p>
          {callOpen ? `The call for abstracts for ${title} is open.` : `${title} is coming soon.`}{' '}
          <Link to={path}>See the conference page</Link>
        </p>
      )}
    </aside>
  );
}

function CountdownText({ target, title, path }: { target: Date; title: string; path: string }) {
  const countdown = useCountdown(target);
  return countdown.done ? (
    <p>
      {title} has just concluded — thank you for joining us! <Link to={path}>See the conference page</Link>
    </p>
  ) : (
    <p>
      {title} starts in <span className="countdown">{formatCountdown(countdown)}</span>.{' '}
      <Link to={path}>See the conference page</Link>
    </p>
  );
}

function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;
  return [unit(days, 'day'), unit(hours, 'hour'), unit(minutes, 'minute'), unit(seconds, 'second')].join(
    ', ',
  );
}
