import { Link } from 'react-router';

import { Page } from '../../../components/page';
import { paths, routes } from '../../../config/routes';

export function HomePage() {
  return (
    <Page title={routes.home.title} className="home-page">
      <p className="lead">
        A student society for undergraduates who are curious about language: how it is structured, how it
        is learned and how it shapes the way we live together.
      </p>
      <section aria-labelledby="home-events" className="card">
        <h2 id="home-events">Events</h2>
        <p>Talks, workshops and socials run throughout the year. Everyone is welcome, no experience needed.</p>
      </section>
      <section aria-labelledby="home-sculc" className="card">
        <h2 id="home-sculc">SCULC</h2>
        <p>
          Our yearly undergraduate linguistics conference brings student researchers together to present
          their work.
        </p>
        <p>
          <Link to={paths.sculc2025}>Read about SCULC 2025</Link>
        </p>
      </section>
    </Page>
  );
}
