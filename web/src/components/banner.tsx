import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { useCountdown, type Countdown } from '../hooks/use-countdown';
import type { Banner as BannerData } from '../lib/content-types';
import { formatConferenceTime } from '../lib/format';
import { useSite } from '../lib/site-content';

/**
 * The notice at the top of every page. The server says what it is about
 * and which of its states holds now (the call, the countdown, the day, the
 * thanks, or nothing), from the edition's settings and its clock; so a new
 * edition needs no code change. Nothing shows until that data has arrived,
 * nor when the server has nothing to say.
 */
export function Banner() {
  const { data: site } = useSite();
  const banner = site?.banner;
  if (!banner) return null;
  return <EditionBanner banner={banner} />;
}

interface EditionBannerProps {
  banner: BannerData;
}

/**
 * The banner's text for its state, with a link to the edition's page
 * except on that page itself. The countdown ticks here, each second, and
 * gives way to the day's text once it reaches zero.
 */
export function EditionBanner({ banner }: EditionBannerProps) {
  const { pathname } = useLocation();
  const link = pathname === banner.path ? null : <Link to={banner.path}>See the conference page</Link>;
  return (
    <aside className="site-banner" aria-label="Conference news">
      {banner.state === 'countdown' && banner.at ? (
        <CountdownText target={new Date(banner.at)} title={banner.title} link={link} />
      ) : (
        <Notice text={bannerText(banner)} link={link} />
      )}
    </aside>
  );
}

function Notice({ text, link }: { text: string; link: ReactNode }) {
  return (
    <p>
      {text}
      {link && <> {link}</>}
    </p>
  );
}

function onTheDay(title: string): string {
  return `${title} is happening today — welcome!`;
}

/** Every state's text but the ticking countdown's. */
function bannerText({ state, title, at }: BannerData): string {
  switch (state) {
    case 'call_open':
      return at
        ? `The call for abstracts for ${title} is open until ${formatConferenceTime(at)}.`
        : `The call for abstracts for ${title} is open.`;
    case 'call_opens':
      return at
        ? `The call for abstracts for ${title} opens on ${formatConferenceTime(at)}.`
        : `${title} is coming soon.`;
    case 'countdown':
      return `${title} is coming soon.`;
    case 'on_the_day':
      return onTheDay(title);
    case 'concluded':
      return `${title} has just concluded — thank you for joining us!`;
  }
}

function CountdownText({ target, title, link }: { target: Date; title: string; link: ReactNode }) {
  const countdown = useCountdown(target);
  if (countdown.done) return <Notice text={onTheDay(title)} link={link} />;
  return (
    <p>
      {title} starts in <span className="countdown">{formatCountdown(countdown)}</span>.{link && <> {link}</>}
    </p>
  );
}

function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;
  return [unit(days, 'day'), unit(hours, 'hour'), unit(minutes, 'minute'), unit(seconds, 'second')].join(
    ', ',
  );
}
