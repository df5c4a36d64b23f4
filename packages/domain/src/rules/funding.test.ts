import { describe, expect, it } from 'vitest';
import { PaymentType } from '../enums.js';
import { fundingDetails, fundProblem, receivable, showFundedButton, unfundProblem } from './funding.js';

const open = { funded: false, void: false, lost: false, totalCost: '70.25', paymentTypeId: PaymentType.Cash };

describe('funding (spec 2 §4: "The funded button on reconcile rows is shown only when the server says so")', () => {
  it('shows the funded button on an unfunded invoice with money to collect', () => {
    expect(showFundedButton(open)).toBe(true);
    expect(showFundedButton({ ...open, totalCost: 0.01 })).toBe(true);
  });

  it('hides it when funded ("funded (fundedAt set)"), void, lost or with nothing to collect', () => {
    expect(showFundedButton({ ...open, funded: true })).toBe(false);
    expect(showFundedButton({ ...open, void: true })).toBe(false);
    expect(showFundedButton({ ...open, lost: true })).toBe(false);
    expect(showFundedButton({ ...open, totalCost: '0.00' })).toBe(false);
    expect(showFundedButton({ ...open, totalCost: null })).toBe(false);
  });

  it('says why an invoice cannot be funded', () => {
    expect(fundProblem(7, { ...open, funded: true })).toBe('Invoice 7 is already funded.');
    expect(fundProblem(7, { ...open, void: true })).toBe(
      'Invoice 7 is void; a void invoice cannot be funded.',
    );
    expect(fundProblem(7, { ...open, lost: true })).toBe(
      'Invoice 7 is lost; a lost invoice cannot be funded.',
    );
    expect(fundProblem(7, { ...open, totalCost: 0 })).toBe('Invoice 7 has no amount to fund.');
    expect(fundProblem(7, open)).toBeUndefined();
  });

  it('refuses an invoice whose payment was refused until its payer is set; it stays a receivable', () => {
    const refused = { ...open, paymentTypeId: PaymentType.Refused };
    expect(fundProblem(7, refused)).toBe(
      "Invoice 7's payment was refused; set the payment type of whoever pays before funding it.",
    );
    expect(showFundedButton(refused)).toBe(false);
    expect(receivable(refused)).toBe(true);
    expect(showFundedButton({ ...open, paymentTypeId: null })).toBe(true);
    expect(showFundedButton({ ...open, paymentTypeId: PaymentType.Pending })).toBe(true);
    for (const done of [{ funded: true }, { void: true }, { lost: true }, { totalCost: 0 }])
      expect(receivable({ ...open, ...done })).toBe(false);
  });

  it('unfunds only a funded invoice that is on no deposit', () => {
    expect(unfundProblem(7, { funded: true, depositId: null })).toBeUndefined();
    expect(unfundProblem(7, { funded: false, depositId: null })).toBe('Invoice 7 is not funded.');
    expect(unfundProblem(7, { funded: true, depositId: 3 })).toBe(
      'Invoice 7 is on deposit 3; it cannot be unfunded.',
    );
  });

  it('writes the history details of a funding', () => {
    expect(fundingDetails('Cash', '12.50')).toBe('Cash 12.50');
    expect(fundingDetails('Warranty', '12.50', 'CHK-1')).toBe('Warranty 12.50, reference CHK-1');
  });
});
