import { useParams } from 'react-router';

import type { VerifiedCertificate } from '../../../api/types';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { ApiError } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { useVerifiedCertificate } from '../api/get-verified-certificate';
import './certificates.css';

/** The page's title: the same whatever the code says. */
export const VERIFY_TITLE = 'Verify a Certificate';

const KIND_NAMES: Record<VerifiedCertificate['kind'], string> = {
  attendance: 'Attendance',
  presentation: 'Presentation',
};

/** "2026-04-18" as "April 18, 2026": a day, with no time zone to move it. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/**
 * /verify/:code, the address printed on every certificate: who it was
 * issued to, for what, at which event and when; nothing else about the
 * person. Public, and kept out of search engines.
 */
export function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const verified = useVerifiedCertificate(code);
  return (
    <Page title={VERIFY_TITLE} className="narrow">
      <meta name="robots" content="noindex" />
      {verified.isPending && <PageLoading label="Checking the certificate…" />}
      {verified.isError &&
        (verified.error instanceof ApiError && verified.error.status === 404 ? (
          <FormMessage tone="error">
            There is no certificate with the code {code}. Check the address printed on the certificate.
          </FormMessage>
        ) : (
          <FormMessage tone="error">The certificate could not be checked. Please reload the page.</FormMessage>
        ))}
      {verified.data && <Certificate certificate={verified.data} />}
    </Page>
  );
}

function Certificate({ certificate }: { certificate: VerifiedCertificate }) {
  return (
    <section className="card" aria-labelledby="verified-certificate">
      <h2 id="verified-certificate">This certificate is genuine</h2>
      <p>It was issued by the Undergraduate Linguistics Society and says:</p>
      <dl className="certificates-facts">
        <dt>Issued to</dt>
        <dd>{certificate.name}</dd>
        <dt>Certificate of</dt>
        <dd>{KIND_NAMES[certificate.kind]}</dd>
        {certificate.title && (
          <>
            <dt>Talk</dt>
            <dd>{certificate.title}</dd>
          </>
        )}
        <dt>Event</dt>
        <dd>{certificate.event_title}</dd>
        <dt>Date</dt>
        <dd>{formatDay(certificate.event_on)}</dd>
        <dt>Issued on</dt>
        <dd>{formatConferenceTime(certificate.issued_at)}</dd>
      </dl>
    </section>
  );
}
