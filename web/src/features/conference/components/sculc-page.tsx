import { Link } from 'react-router';

import type { Deadline, HomeSubmission, MemberHome, NextStep } from '../../../api/types';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { paths, routes } from '../../../config/routes';
import { SlotPlace } from '../../../components/slot-place';
import { formatConferenceTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSite } from '../../../lib/site-content';
import { useMemberHome } from '../api/get-member-home';
import { useCurrentRegistration } from '../api/visitor-registration';
import { CertificatesCard } from './certificates-card';
import { RegistrationCard } from './registration-card';
import { VisitorRegistrationCard } from './visitor-registration-card';

import './conference.css';

/**
 * /sculc, where sign-in lands: for a member, their home in the current
 * edition (where it stands, their next deadline, each submission's next
 * step, a reviewer's progress, what waits for an admin); for a visitor, the
 * current edition and a way in.
 */
export function SculcPage() {
  const { user, isPending } = useSession();
  return (
    <Page title={routes.sculc.title}>
      <p>The Undergraduate Linguistics Conference, held every spring.</p>
      {isPending ? null : user ? (
        <>
          {/* After an event, its certificates are what a member comes for: they come first. */}
          <CertificatesCard />
          <MemberHomeView />
        </>
      ) : (
        <VisitorView />
      )}
    </Page>
  );
}

function VisitorView() {
  const { data: site } = useSite();
  const current = site?.current_edition;
  return (
    <>
      {current && (
        <p>
          <Link to={current.path}>Go to {current.title}</Link>
        </p>
      )}
      <p>
        <Link to={paths.login}>Sign in</Link> to submit an abstract and follow it here.
      </p>
      <VisitorRegistration />
    </>
  );
}

/** The current edition's registration for a visitor, when it uses the site's. */
function VisitorRegistration() {
  const registration = useCurrentRegistration();
  const event = registration.data?.event;
  return event ? <VisitorRegistrationCard event={event} /> : null;
}

function MemberHomeView() {
  const home = useMemberHome();
  if (home.isPending) return <PageLoading label="Loading your conference home…" />;
  if (home.isError) {
    return <FormMessage tone="error">Your conference home could not be loaded. Please reload the page.</FormMessage>;
  }
  const { edition } = home.data;
  if (!edition) return <p>No conference edition has been announced yet.</p>;
  return (
    <>
      <section className="card" aria-labelledby="home-edition">
        <h2 id="home-edition">
          <Link to={edition.path}>{edition.title}</Link>
        </h2>
        <p>{callText(edition)}</p>
        {edition.call === 'open' && (
          <p className="button-row">
            <Link to={paths.submitAbstract} className="button">
              Submit an abstract
            </Link>
          </p>
        )}
        {edition.next_deadline && (
          <p>
            <strong>Your next deadline:</strong> {deadlineText(edition.next_deadline)}
          </p>
        )}
      </section>
      {home.data.registration && <RegistrationCard event={home.data.registration} />}
      <Submissions home={home.data} />
      {home.data.reviews && <Reviews reviews={home.data.reviews} />}
      {home.data.waiting && <Waiting waiting={home.data.waiting} />}
    </>
  );
}

function callText(edition: NonNullable<MemberHome['edition']>): string {
  switch (edition.call) {
    case 'open':
      return edition.call_closes_at
        ? `The call for abstracts is open until ${formatConferenceTime(edition.call_closes_at)}.`
        : 'The call for abstracts is open.';
    case 'not_yet_open':
      return edition.call_opens_at
        ? `The call for abstracts opens on ${formatConferenceTime(edition.call_opens_at)}.`
        : 'The call for abstracts has not opened yet.';
    case 'closed':
      return edition.call_closes_at
        ? `The call for abstracts closed on ${formatConferenceTime(edition.call_closes_at)}.`
        : 'The call for abstracts is closed.';
  }
}

const DEADLINE_LABELS: Record<Deadline['what'], string> = {
  call_opens: 'the call for abstracts opens',
  call_closes: 'submit your abstracts',
  confirm_attendance: 'confirm your attendance',
  final_materials: 'send your final materials',
  reviews: 'submit your reviews',
  accept_place: 'take the place offered to you',
};

function deadlineText(deadline: Deadline): string {
  const when = formatConferenceTime(deadline.at);
  return deadline.what === 'call_opens'
    ? `${capitalized(DEADLINE_LABELS.call_opens)} on ${when}.`
    : `${capitalized(DEADLINE_LABELS[deadline.what])} by ${when}.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const STATUS_LABELS: Record<HomeSubmission['status'], string> = {
  submitted: 'Under review',
  accepted: 'Accepted',
  rejected: 'Not accepted',
  withdrawn: 'Withdrawn',
};

function Submissions({ home }: { home: MemberHome }) {
  const edition = home.edition;
  return (
    <section className="card" aria-labelledby="home-submissions">
      <h2 id="home-submissions">Your submissions</h2>
      {home.submissions.length === 0 ? (
        <p>You have no submission to {edition?.title ?? 'this edition'}.</p>
      ) : (
        <ul className="conference-home-list">
          {home.submissions.map((submission) => (
            <li key={submission.id}>
              <p>
                <strong>{submission.code}</strong> {submission.title}: {STATUS_LABELS[submission.status]}
              </p>
              <Step submission={submission} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One submission's next step, in words, with the link that takes it. */
function Step({ submission }: { submission: HomeSubmission }) {
  const step: NextStep = submission.next_step;
  switch (step.kind) {
    case 'await_decision':
      return (
        <p>
          The committee has not decided yet. <Link to={paths.viewSubmission}>View your submissions</Link>
        </p>
      );
    case 'confirm':
      return (
        <p>
          Next step: confirm your attendance{step.by ? ` by ${formatConferenceTime(step.by)}` : ''}.{' '}
          {step.form_url ? (
            <a href={step.form_url}>Open the confirmation form</a>
          ) : (
            <Link to={paths.congratulations}>Confirm attendance</Link>
          )}
        </p>
      );
    case 'confirmation_closed':
      return (
        <p>
          The deadline to confirm your attendance has passed.{' '}
          <Link to={paths.congratulations}>See what you can do</Link>
        </p>
      );
    case 'upload_materials':
      return (
        <p>
          Next step: upload your final materials{step.by ? ` by ${formatConferenceTime(step.by)}` : ''}.{' '}
          <Link to={paths.congratulations}>Upload materials</Link>
        </p>
      );
    case 'await_program':
      return <p>You are confirmed. Your time in the program appears here once it is published.</p>;
    case 'see_slot':
      return (
        <ul>
          {submission.slots.map((slot) => (
            <li key={`${slot.session.title}-${slot.starts_at}`}>
              Your slot: <SlotPlace slot={slot} />
            </li>
          ))}
        </ul>
      );
    case 'nothing':
      return submission.status === 'accepted' ? <p>You declined to present.</p> : null;
  }
}

function Reviews({ reviews }: { reviews: NonNullable<MemberHome['reviews']> }) {
  return (
    <section className="card" aria-labelledby="home-reviews">
      <h2 id="home-reviews">Your reviews</h2>
      <p>
        {reviews.reviewed} of {reviews.assigned} reviews submitted
        {reviews.deadline && (reviews.open ? `; due ${formatConferenceTime(reviews.deadline)}` : '; the deadline has passed')}.
      </p>
      <p>
        <Link to={paths.review}>Go to your reviews</Link>
      </p>
    </section>
  );
}

function Waiting({ waiting }: { waiting: NonNullable<MemberHome['waiting']> }) {
  const items = [
    { count: waiting.undecided, one: 'submission without a decision', many: 'submissions without a decision', to: paths.userDataReviews },
    {
      count: waiting.unconfirmed,
      one: 'presenter who has not confirmed',
      many: 'presenters who have not confirmed',
      to: `${paths.userData}?filter=not_confirmed`,
    },
    { count: waiting.undelivered_emails, one: 'e-mail not delivered', many: 'e-mails not delivered', to: paths.userDataActivity },
    {
      count: waiting.unpublished_drafts,
      one: 'page with unpublished changes',
      many: 'pages with unpublished changes',
      to: paths.siteEditor,
    },
  ];
  return (
    <section className="card" aria-labelledby="home-waiting">
      <h2 id="home-waiting">The year at a glance</h2>
      {waiting.events.length === 0 ? (
        <p>No event is taking registrations now.</p>
      ) : (
        <ul className="conference-home-events">
          {waiting.events.map((event) => (
            <li key={event.slug}>
              <h3>
                <Link to={`${paths.userDataRegistration}?event=${encodeURIComponent(event.slug)}`}>{event.title}</Link>
              </h3>
              <p>
                {formatConferenceTime(event.starts_at)}
                {event.place ? `, ${event.place}` : ''}
              </p>
              <dl className="conference-home-figures">
                {figuresOf(event).map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <h3>Waiting for the committee</h3>
      <ul className="conference-home-list">
        {items.map((item) => (
          <li key={item.one}>
            <Link to={item.to}>
              {item.count} {item.count === 1 ? item.one : item.many}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One event's figures as the admin's home shows them. */
function figuresOf(event: NonNullable<MemberHome['waiting']>['events'][number]): [string, string][] {
  const { counts } = event;
  return [
    ['Registered', String(counts.registered)],
    ['Places in person taken', `${String(counts.taken)} of ${String(event.capacity)}`],
    ['Waiting', String(counts.waiting)],
    ['Checked in', String(counts.checked_in)],
    ['Lunches', String(counts.lunches)],
    ['Dietary or access needs', String(counts.needs)],
  ];
}
