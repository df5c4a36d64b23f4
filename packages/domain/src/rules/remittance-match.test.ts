import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentType } from '../enums.js';
import {
  claimKeyDigits,
  decideFunding,
  invoiceNumberOf,
  matchRemittanceLine,
  normalizeClaimKey,
  REMITTANCE_REASONS,
  type RemittanceCandidate,
  type RemittancePaymentLine,
  withinOneEdit,
} from './remittance-match.js';
import { planRemittance, remittanceLineKey } from './remittance-plan.js';

const inv = (over: Partial<RemittanceCandidate> & { id: number }): RemittanceCandidate => ({
  claimNumber: null,
  referenceNumber: null,
  amountOwedCents: 25_000,
  funded: false,
  ...over,
});

describe('keys (issue #35 item 4: "matched to an invoice by claim number, reference number, invoice number")', () => {
  it('normalises case, spaces, dashes and punctuation', () => {
    expect(normalizeClaimKey(' clm-00 123 ')).toBe('CLM00123');
    expect(normalizeClaimKey('AB/12.34')).toBe('AB1234');
    expect(normalizeClaimKey(null)).toBe('');
    expect(claimKeyDigits('CLM-00123')).toBe('123');
  });

  it('reads an invoice number as the invoice id', () => {
    expect(invoiceNumberOf('123')).toBe(123);
    expect(invoiceNumberOf('INV-000123')).toBe(123);
    expect(invoiceNumberOf('#77')).toBe(77);
    expect(invoiceNumberOf('12a3')).toBeUndefined();
    expect(invoiceNumberOf('')).toBeUndefined();
    expect(invoiceNumberOf('99999999999')).toBeUndefined();
  });

  it('knows one edit apart', () => {
    expect(withinOneEdit('ABC123', 'ABC124')).toBe(true);
    expect(withinOneEdit('ABC123', 'ABC1234')).toBe(true);
    expect(withinOneEdit('ABC123', 'AB123')).toBe(true);
    expect(withinOneEdit('ABC123', 'ABC213')).toBe(true);
    expect(withinOneEdit('ABC123', 'ABD124')).toBe(false);
    expect(withinOneEdit('ABC123', 'ABC12345')).toBe(false);
  });
});

describe('matching: exact first, then fuzzy with a confidence', () => {
  const candidates = [
    inv({ id: 10, claimNumber: 'CLM-1001', amountOwedCents: 25_000 }),
    inv({ id: 11, referenceNumber: 'REF 2002', amountOwedCents: 18_050 }),
    inv({ id: 12, claimNumber: 'GX778812', amountOwedCents: 40_000 }),
  ];

  it('an exact key and the amount owed fund the invoice (confidence 100)', () => {
    const m = matchRemittanceLine({ claimNumber: 'clm 1001', paidCents: 25_000 }, candidates);
    expect(m).toMatchObject({
      invoiceId: 10,
      kind: 'exact',
      confidence: 100,
      decision: 'fund',
      reason: null,
    });
    expect(matchRemittanceLine({ referenceNumber: 'ref-2002', paidCents: 18_050 }, candidates)).toMatchObject(
      {
        invoiceId: 11,
        decision: 'fund',
      },
    );
    expect(matchRemittanceLine({ invoiceNumber: '12', paidCents: 40_000 }, candidates)).toMatchObject({
      invoiceId: 12,
      kind: 'exact',
      decision: 'fund',
    });
  });

  it('an exact key with less paid is a short payment with the difference', () => {
    const m = matchRemittanceLine({ claimNumber: 'CLM1001', paidCents: 20_000 }, candidates);
    expect(m).toMatchObject({
      invoiceId: 10,
      kind: 'amount',
      confidence: 95,
      decision: 'shortPay',
      shortCents: 5_000,
    });
  });

  it('an overpayment is an exception', () => {
    const m = matchRemittanceLine({ claimNumber: 'CLM1001', paidCents: 30_000 }, candidates);
    expect(m).toMatchObject({
      invoiceId: 10,
      decision: 'exception',
      reason: REMITTANCE_REASONS.overpaid(30_000, 25_000),
    });
  });

  it('a fuzzy key never funds: a typo or the digits alone go to a person with their confidence', () => {
    const typo = matchRemittanceLine({ claimNumber: 'GX778813', paidCents: 40_000 }, candidates);
    expect(typo).toMatchObject({ invoiceId: 12, kind: 'fuzzy', confidence: 70, decision: 'exception' });
    expect(typo.reason).toBe(REMITTANCE_REASONS.uncertain(70));
    const digits = matchRemittanceLine({ claimNumber: '1001', paidCents: 25_000 }, candidates);
    expect(digits).toMatchObject({ invoiceId: 10, kind: 'fuzzy', confidence: 89, decision: 'exception' });
  });

  it('no key, several invoices, an invoice number that contradicts the claim number: exceptions', () => {
    expect(matchRemittanceLine({ claimNumber: 'ZZZ', paidCents: 100 }, candidates)).toMatchObject({
      invoiceId: null,
      decision: 'exception',
      reason: REMITTANCE_REASONS.noMatch,
    });
    const twice = [...candidates, inv({ id: 13, claimNumber: 'clm1001', amountOwedCents: 25_000 })];
    expect(matchRemittanceLine({ claimNumber: 'CLM-1001', paidCents: 25_000 }, twice)).toMatchObject({
      decision: 'exception',
      reason: REMITTANCE_REASONS.several,
      alternatives: [13],
    });
    expect(
      matchRemittanceLine({ invoiceNumber: '11', claimNumber: 'GX778812', paidCents: 18_050 }, candidates)
        .decision,
    ).toBe('exception');
  });

  it('funding rules decide the rest: funded, void, refused or nothing paid are exceptions', () => {
    expect(decideFunding(25_000, inv({ id: 5, funded: true }))).toMatchObject({
      decision: 'exception',
      reason: 'Invoice 5 is already funded.',
    });
    expect(decideFunding(25_000, inv({ id: 5, void: true })).decision).toBe('exception');
    expect(decideFunding(25_000, inv({ id: 5, paymentTypeId: PaymentType.Refused })).decision).toBe(
      'exception',
    );
    expect(decideFunding(0, inv({ id: 5 }))).toMatchObject({ reason: REMITTANCE_REASONS.nothingPaid });
    expect(decideFunding(-100, inv({ id: 5 }))).toMatchObject({ reason: REMITTANCE_REASONS.negative });
  });

  it('the line key ignores how a number is written', () => {
    const a = remittanceLineKey(3, { claimNumber: 'clm-1', paidCents: 100, paidOn: '2026-11-01' });
    const b = remittanceLineKey(3, { claimNumber: 'CLM 1', paidCents: 100, paidOn: '2026-11-01' });
    expect(a).toBe(b);
    expect(remittanceLineKey(4, { claimNumber: 'CLM 1', paidCents: 100, paidOn: '2026-11-01' })).not.toBe(a);
    expect(remittanceLineKey(3, { invoiceNumber: 'INV-7', paidCents: 1 })).toBe(
      remittanceLineKey(3, { invoiceNumber: '7', paidCents: 1 }),
    );
  });
});

describe('properties: a file never funds an invoice twice, and funded totals are the funded lines to the cent', () => {
  const arbInvoices = fc
    .uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 15 })
    .chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            claimNumber: fc.option(fc.constantFrom(`C${id}`, `C-${id}`, 'SHARED', `c ${id}`), { nil: null }),
            referenceNumber: fc.option(fc.constantFrom(`R${id}`, `R${id + 1}`), { nil: null }),
            amountOwedCents: fc.integer({ min: 1, max: 500_000 }),
            funded: fc.boolean(),
          }),
        ),
      ),
    );
  const arbLine = (invoices: RemittanceCandidate[]) =>
    fc.record({
      claimNumber: fc.option(
        fc.constantFrom(...invoices.map((i) => i.claimNumber ?? 'X'), 'SHARED', 'NOPE'),
        { nil: null },
      ),
      referenceNumber: fc.option(fc.constantFrom(...invoices.map((i) => i.referenceNumber ?? 'Y')), {
        nil: null,
      }),
      invoiceNumber: fc.option(fc.constantFrom(...invoices.map((i) => String(i.id)), '999'), { nil: null }),
      paidCents: fc.oneof(
        fc.constantFrom(...invoices.map((i) => i.amountOwedCents)),
        fc.integer({ min: -100, max: 600_000 }),
      ),
      paidOn: fc.constantFrom('2026-11-01', '2026-11-02'),
    }) as fc.Arbitrary<RemittancePaymentLine>;
  const arbFile = arbInvoices.chain((invoices) =>
    fc.tuple(
      fc.constant(invoices as RemittanceCandidate[]),
      fc.array(arbLine(invoices), { maxLength: 40 }),
      fc.array(arbLine(invoices), { maxLength: 20 }),
    ),
  );

  it('no invoice is funded twice, whatever the file: duplicate lines, a second file, a re-import', () => {
    fc.assert(
      fc.property(arbFile, ([invoices, lines, more]) => {
        const first = planRemittance(7, [...lines, ...lines], invoices);
        const fundedNow = new Set(invoices.filter((i) => i.funded).map((i) => i.id));
        for (const l of first)
          if (l.outcome === 'Funded' || l.outcome === 'ShortPaid') {
            expect(fundedNow.has(l.invoiceId as number)).toBe(false);
            fundedNow.add(l.invoiceId as number);
          }
        // The same lines twice in one file: the second of each is a duplicate.
        for (const l of first.slice(lines.length)) expect(l.outcome).toBe('Duplicate');
        // A re-import of the same file against the invoices as the first left them: nothing funded.
        const after = invoices.map((i) => ({ ...i, funded: fundedNow.has(i.id) }));
        const again = planRemittance(7, lines, after, new Set(first.map((l) => l.key)));
        expect(again.every((l) => l.outcome === 'Duplicate')).toBe(true);
        // Another file against that state funds only invoices still open, once.
        const next = planRemittance(7, more, after, new Set(first.map((l) => l.key)));
        const seen = new Set<number>();
        for (const l of next)
          if (l.outcome === 'Funded' || l.outcome === 'ShortPaid') {
            expect(fundedNow.has(l.invoiceId as number)).toBe(false);
            expect(seen.has(l.invoiceId as number)).toBe(false);
            seen.add(l.invoiceId as number);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('the money funded is the sum of the funded lines, to the cent, and never more than owed', () => {
    fc.assert(
      fc.property(arbFile, ([invoices, lines]) => {
        const plan = planRemittance(null, lines, invoices);
        const funded = plan.filter((l) => l.outcome === 'Funded' || l.outcome === 'ShortPaid');
        const byInvoice = new Map<number, number>();
        for (const l of funded) byInvoice.set(l.invoiceId as number, l.paidCents);
        const ledger = [...byInvoice.values()].reduce((a, b) => a + b, 0);
        expect(ledger).toBe(funded.reduce((a, l) => a + l.paidCents, 0));
        for (const [id, paid] of byInvoice) {
          const owed = invoices.find((i) => i.id === id)?.amountOwedCents ?? 0;
          expect(paid).toBeGreaterThan(0);
          expect(paid).toBeLessThanOrEqual(owed);
        }
        // Every line is accounted for once.
        expect(plan.length).toBe(lines.length);
      }),
      { numRuns: 300 },
    );
  });
});
