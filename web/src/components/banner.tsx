import { Link } from 'react-router';

import { CURRENT_CONFERENCE } from '../config/site';
import { useCountdown, type Countdown } from '../hooks/use-countdown';

interface BannerProps {
  /** When the conference starts; defaults to the current edition's countdown target. */
  target?: Date;
}

/**
 * The notice at the top of every page. It counts down to the conference
 * while that lies ahead, then says the conference has concluded.
 */
export function Banner({ target = CURRENT_CONFERENCE.countdownTarget }: BannerProps) {
  const countdown = useCountdown(target);
  const { name, path } = CURRENT_CONFERENCE;

  return (
    <aside className="site-banner" aria-label="Conference news">
      {countdown.done ? (
        <p>
          {name} has just concluded — thank you for joining us!{' '}
          <Link to={path}>See the conference page</Link>
        </p>
      ) : (
        <p>
          {name} starts in <span className="countdown">{formatCountdown(countdown)}</span>.{' '}
          <Link to={path}>See the conference page</Link>
        </p>
      )}
    </aside>
  );
}

function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;
  return [unit(days, 'day'), unit(hours, 'hour'), unit(minutes, 'minute'), unit(seconds, 'second')].join(
    ', ',
  );
}
