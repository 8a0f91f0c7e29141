import type { SellerContact } from './customerLink';

/** "Ice House Co · 218-555-0100 · sales@icehouse.example", the phone and email as links a phone can follow. */
export function SellerContactLine({ seller, lead }: { seller: SellerContact; lead?: string }) {
  const { name, phone, email } = seller;
  if (!name && !phone && !email) return null;
  return (
    <p className="text-sm">
      {lead ? `${lead} ` : ''}
      {name && <span className="font-medium">{name}</span>}
      {phone && (
        <>
          {name ? ' · ' : ''}
          <a className="text-sky-700 underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {phone}
          </a>
        </>
      )}
      {email && (
        <>
          {name || phone ? ' · ' : ''}
          <a className="break-all text-sky-700 underline" href={`mailto:${email}`}>
            {email}
          </a>
        </>
      )}
    </p>
  );
}
