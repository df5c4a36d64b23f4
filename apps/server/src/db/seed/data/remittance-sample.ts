/**
 * The demo remittance file (issue #35 item 4): `remittance-sample.csv` beside this file, a clearing house's
 * payment export to import on /remittances. The seed gives these claim numbers to open invoices of facility 1
 * (remittance-demo.ts: the newest whose total is at least the amount; a chip repair's 64.90 is enough) and sets their
 * deductible so that what the insurer owes is `owed`, so the file's lines meet the seeded invoices at every scale: an exact full payment, a short
 * payment, a claim number written with its digits only (uncertain: the exceptions queue), an overpayment, a
 * claim nobody has, and the first line again (a duplicate).
 */
export const REMITTANCE_SAMPLE_FILE = 'remittance-sample.csv';

export const REMITTANCE_SAMPLE_INVOICES: readonly { claim: string; owed: string }[] = [
  { claim: 'DEMO-RMT-10001', owed: '59.90' }, // paid in full
  { claim: 'DEMO-RMT-10002', owed: '54.90' }, // paid 40.00: short by 14.90
  { claim: 'DEMO-RMT-10003', owed: '49.90' }, // the file says 10003: confidence 89, a person confirms
  { claim: 'DEMO-RMT-10004', owed: '44.90' }, // paid 60.00: an overpayment
];
