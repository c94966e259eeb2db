import { EmbedFrame, ExpandableEmbed } from '../../../components/embed-frame';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import type { NacloEvent } from '../../../lib/content-types';
import { useNaclo } from '../api/get-naclo';
import { formatClock, formatEventDate, formatTimeRange } from '../format-event';
import './naclo.css';

/** The competition page: what NACLO is, its dates on campus, what to bring, the attendance form. */
export function NacloPage() {
  const naclo = useNaclo();
  if (naclo.isPending) return <PageLoading />;
  if (naclo.isError) {
    return (
      <Page title={routes.naclo.title}>
        <FormMessage tone="error">{naclo.error.message}</FormMessage>
      </Page>
    );
  }

  const { title, intro, events, bring, form } = naclo.data;
  const { expandable, ...embed } = form;
  return (
    <Page title={routes.naclo.title} className="naclo-page">
      {title !== routes.naclo.title && <p className="lead">{title}</p>}
      {intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <section aria-labelledby="naclo-dates">
        <h2 id="naclo-dates">Dates</h2>
        <div className="naclo-event-list">
          {events.map((event) => (
            <CompetitionEvent key={`${event.name} ${event.date}`} event={event} />
          ))}
        </div>
      </section>
      {bring.length > 0 && (
        <section aria-labelledby="naclo-bring">
          <h2 id="naclo-bring">What to bring</h2>
          <ul className="content-list">
            {bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="naclo-form">
        <h2 id="naclo-form">{form.title}</h2>
        {expandable ? <ExpandableEmbed {...embed} /> : <EmbedFrame {...embed} />}
      </section>
    </Page>
  );
}

function CompetitionEvent({ event }: { event: NacloEvent }) {
  return (
    <article className="card naclo-event">
      <h3>{event.name}</h3>
      <dl className="facts">
        <div className="fact">
          <dt>Date</dt>
          <dd>{formatEventDate(event.date)}</dd>
        </div>
        <div className="fact">
          <dt>Time</dt>
          <dd>{formatTimeRange(event.starts, event.ends)}</dd>
        </div>
        {event.arrive_by && (
          <div className="fact">
            <dt>Arrive by</dt>
            <dd>{formatClock(event.arrive_by)}</dd>
          </div>
        )}
        {event.location && (
          <div className="fact">
            <dt>Where</dt>
            <dd>{event.location}</dd>
          </div>
        )}
      </dl>
      {event.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </article>
  );
}
