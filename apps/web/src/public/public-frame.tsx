import type { PublicBrand, PublicWork } from '@glass/domain/contracts/approvals';
import { formatCents } from '@glass/domain/rules/money-format';
import { formatPhone } from '../ui/phone';
import type { ReactNode } from 'react';
import './public.css';

/** A public page: the brand's logo and name above the content, whom to call below it. */
export function PublicFrame({
  brand,
  footer,
  children,
}: {
  brand?: PublicBrand | null;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="public-page">
      {brand && (
        <header className="public-brand">
          {brand.logo && <img src={brand.logo} alt={`${brand.name} logo`} />}
          <span className="public-brand-name">{brand.name}</span>
        </header>
      )}
      {children}
      {(footer || brand?.phone) && (
        <footer className="public-footer">
          {brand?.phone && (
            <p>
              Questions? Call {brand.facility} at{' '}
              <a href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(brand.phone)}</a>.
            </p>
          )}
          {footer}
        </footer>
      )}
    </main>
  );
}

/** What the customer is asked about: the vehicle, each repair and part with its amount, the money. */
export function WorkSummary({ work }: { work: PublicWork }) {
  const lines = [...work.repairs, ...work.parts];
  return (
    <section aria-labelledby="public-work-title">
      <h2 id="public-work-title">
        {work.replacement ? 'Windshield replacement' : 'Windshield repair'}
        {work.vehicle ? ` for your ${work.vehicle}` : ''}
      </h2>
      <ul className="public-lines" aria-label="The work">
        {lines.map((line, i) => (
          <li key={i}>
            <span>{line.description}</span>
            <span>{formatCents(line.amount)}</span>
          </li>
        ))}
        {work.tax !== 0 && (
          <li>
            <span>Tax</span>
            <span>{formatCents(work.tax)}</span>
          </li>
        )}
      </ul>
      <div className="public-total">
        <span>Total</span>
        <span data-testid="public-total">{formatCents(work.total)}</span>
      </div>
      {work.insurer && (
        <div className="public-share">
          Billed to {work.insurer}.{' '}
          <strong>Your share (deductible): {formatCents(work.customerShare)}</strong>
        </div>
      )}
      {!work.insurer && work.customerShare !== 0 && (
        <div className="public-share">
          <strong>Your share (deductible): {formatCents(work.customerShare)}</strong>
        </div>
      )}
    </section>
  );
}
