import type { MyCertificate } from '../../../api/types';
import { FormMessage } from '../../../components/form-message';
import { useMyCertificates } from '../api/get-my-certificates';

const KIND_NAMES: Record<MyCertificate['kind'], string> = {
  attendance: 'Certificate of attendance',
  presentation: 'Certificate of presentation',
};

/** What a certificate is about: "SCULC 2026" or "“Tone sandhi”, SCULC 2025". */
function about(certificate: MyCertificate): string {
  return certificate.title ? `“${certificate.title}”, ${certificate.event_title}` : certificate.event_title;
}

/**
 * The member's certificates, once their event's day has passed: a link to
 * each PDF, or why it cannot be printed (a character of the name the
 * certificate's font lacks, which the member can correct in the profile).
 * Nothing at all while there is none.
 */
export function CertificatesCard() {
  const certificates = useMyCertificates();
  if (!certificates.data?.length) return null;
  return (
    <section className="card" aria-labelledby="home-certificates">
      <h2 id="home-certificates">Certificates</h2>
      <ul className="conference-certificates">
        {certificates.data.map((certificate) => (
          <li key={certificate.href}>
            {certificate.refusal ? (
              <>
                <span>
                  {KIND_NAMES[certificate.kind]}: {about(certificate)}
                </span>
                <FormMessage tone="error">{certificate.refusal}</FormMessage>
              </>
            ) : (
              <>
                <a href={certificate.href} download>
                  {KIND_NAMES[certificate.kind]} (PDF)
                </a>{' '}
                <span className="conference-certificate-about">{about(certificate)}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
