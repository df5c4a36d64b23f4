/**
 * What customers and installers do on their phones, written once for every engine, each on data of its own
 * (a fresh invoice, a visit booked for today): the three public customer
 * pages (approve with a finger-drawn signature, authorise the work, choose texts and e-mails), the neutral page
 * of a link that does not open, and the installer's day (sign in, today's stops, mark Arrived).
 */
import assert from 'node:assert/strict';
import { type Api, bookTodayForRepairTech, customerLinks, DEMO } from './api';
import {
  drawOn,
  type Phone,
  scrollsSideways,
  type Target,
  tap,
  textOf,
  type,
  until,
  waitFor,
  waitGone,
} from './phone';

// The customer's texts, as the spec words them (packages/domain/src/messages/approvals.ts).
const APPROVED_THANKS = 'Thank you. Your approval was sent to the shop.';
const INITIATE_THANKS = 'Thank you. Your authorisation was sent to the shop.';
const OPT_IN_SAVED = 'Thank you. Your choice was saved.';
const SIGNATURE_REQUIRED = 'Please sign, or type your name, to approve.';

/** 'MM/DD/YYYY hh:mm AM' (spec 1 §9): a date the engine parsed, not '' or 'Invalid Date'. */
const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M/;
const heading = (name: string): Target => ({ role: 'heading', name });
const button = (name: string | RegExp, within?: Target): Target => ({ role: 'button', name, within });

async function noSideScroll(phone: Phone) {
  assert.equal(await scrollsSideways(phone), false, `${phone.engine}: the page scrolls sideways at 375 px`);
}

/** The approval page: the work and its money, the valid-until date, a finger signature, Approve, the thanks. */
export async function approve(phone: Phone, staff: Api) {
  const links = await customerLinks(staff, `Approves${phone.engine}`);
  await phone.goto(links.approval);
  await waitFor(phone, heading('Review and approve'));
  await waitFor(phone, { role: 'text', name: 'Windshield chip' });
  await waitFor(phone, { role: 'text', name: 'Your share (deductible): $25.00' });
  const validUntil = await textOf(phone, { role: 'text', name: /^This link is valid until / });
  assert.match(
    validUntil,
    new RegExp(`^This link is valid until ${DATE_TIME.source}\\.$`),
    `${phone.engine}: the link's expiry date as the customer reads it`,
  );
  await noSideScroll(phone);

  await tap(phone, button('Approve'));
  assert.equal(await textOf(phone, { role: 'css', name: '[role=alert]' }), SIGNATURE_REQUIRED);
  const pointers = await drawOn(phone, { role: 'testid', name: 'signature-canvas' });
  assert.ok(pointers.length > 0, `${phone.engine}: the signature pad saw no pointer down`);
  await type(phone, { role: 'field', name: 'Comments (optional)' }, 'Thanks, go ahead');
  await tap(phone, button('Approve'));
  await waitFor(phone, heading('Approved'));
  await waitFor(phone, { role: 'text', name: APPROVED_THANKS });
  const answered = await textOf(phone, { role: 'text', name: /^Answered / });
  assert.match(answered, new RegExp(`^Answered ${DATE_TIME.source}$`), `${phone.engine}: the answer's date`);

  // The shop has it: approved, with the drawn signature and the comment, from this engine.
  const list = await staff.get<{
    value: Array<{
      state: string;
      hasSignature: boolean;
      responseComments: string | null;
      userAgent: string;
    }>;
  }>(`/api/customerApprovals?$filter=invoiceId eq ${links.invoiceId}`);
  assert.equal(list.value.length, 1, 'one approval request on the invoice');
  const [row] = list.value;
  assert.equal(row.state, 'approved', 'the shop sees the approval');
  assert.equal(row.hasSignature, true, 'the shop has the signature');
  assert.equal(row.responseComments, 'Thanks, go ahead');
  return { pointers: [...new Set(pointers)], userAgent: row.userAgent };
}

/** The initiate page: the customer types their name on the pad and authorises the work. */
export async function authorise(phone: Phone, staff: Api) {
  const links = await customerLinks(staff, `Authorises${phone.engine}`);
  await phone.goto(links.initiate);
  await waitFor(phone, heading('Authorise the work'));
  await waitFor(phone, { role: 'text', name: 'Windshield chip' });
  await noSideScroll(phone);
  await type(phone, { role: 'field', name: "Or type the signer's name" }, 'Dana Engines');
  await tap(phone, button('Sign and authorise'));
  await waitFor(phone, heading('Work authorised'));
  await waitFor(phone, { role: 'text', name: INITIATE_THANKS });
  const signed = await textOf(phone, { role: 'text', name: /^Signed / });
  assert.match(signed, new RegExp(`^Signed ${DATE_TIME.source}$`), `${phone.engine}: the signature's date`);
  const invoice = await staff.get<{ signed: boolean }>(`/api/Invoices/${links.invoiceId}`);
  assert.equal(invoice.signed, true, 'the invoice is signed');
}

/** The opt-in page: the customer opts in to texts and saves; the page says so and shows the new state. */
export async function optIn(phone: Phone, staff: Api) {
  const links = await customerLinks(staff, `Opts${phone.engine}`);
  await phone.goto(links.optIn);
  await waitFor(phone, heading('Messages about your job'));
  await waitFor(phone, { role: 'text', name: /^Phone: .*\d/ });
  await noSideScroll(phone);
  await tap(phone, { role: 'checkbox', name: 'Text messages (now: not asked yet)' });
  await tap(phone, button('Save my choice'));
  await waitFor(phone, { role: 'text', name: OPT_IN_SAVED });
  await waitFor(phone, { role: 'checkbox', name: 'Text messages (now: opted in)' });
  await waitFor(phone, { role: 'checkbox', name: 'E-mails (now: opted out)' });
}

/** Links that do not open: the neutral page with the shop's phone, never an error screen or the login. */
export async function invalidLinks(phone: Phone) {
  for (const path of [
    '/sign-approval/0b0c2a4e-5d6f-4a8b-9c0d-1e2f3a4b5c6d',
    '/customer-opt-in/AAAAAAAAAAAAAAAAAAAAAA',
  ]) {
    await phone.goto(path);
    await waitFor(phone, heading('This link is no longer valid'));
    assert.equal(
      await textOf(phone, { role: 'testid', name: 'invalid-link-contact' }),
      'Please call Lone Star Auto Glass at (281) 894-4520 for a new link or with any question.',
    );
    assert.equal(
      await phone.evaluate<string>('location.pathname'),
      path,
      `${phone.engine}: stays on ${path}`,
    );
    await noSideScroll(phone);
  }
}

/**
 * The installer's day: signs in with the keypad, opens My Appointments from the home tiles, sees today's stop with its time and instructions, marks
 * Arrived with a note; the card shows Arrived and the shop's history has the update once.
 */
export async function installerDay(phone: Phone, staff: Api, tech: Api) {
  const { invoiceId } = await bookTodayForRepairTech(staff, tech, `Field${phone.engine}`);
  await phone.goto('/login');
  await type(phone, { role: 'field', name: 'User Name' }, DEMO.repairTech.userName);
  await type(phone, { role: 'field', name: 'Password' }, DEMO.repairTech.password);
  // The home screen's tiles, as the installer opens the day (a typed address mid-way through the app's own
  // navigation after signing in is cancelled by it, in WebKit and Firefox alike).
  await tap(phone, button('My Appointments', { role: 'css', name: 'nav[aria-label=Tiles]' }));
  await until(phone, 'the installer’s day', () =>
    phone.evaluate<boolean>(`location.pathname === '/my-appointments'`),
  );
  const card: Target = { role: 'article', name: new RegExp(`: invoice ${invoiceId}$`) };
  await waitFor(phone, card, 20_000);
  const head = await textOf(phone, { role: 'css', name: '.ant-card-head', within: card });
  assert.match(
    head,
    new RegExp(`^\\d+\\. \\d{2}:\\d{2} [AP]M \\S.* #${invoiceId}$`),
    `${phone.engine}: the stop's time`,
  );
  await waitFor(phone, { role: 'text', name: 'Instructions: Gate code 1234', within: card });
  await noSideScroll(phone);

  await tap(phone, button(`Arrived: invoice ${invoiceId}`, card));
  const dialog: Target = { role: 'dialog', name: `Arrived: invoice ${invoiceId}` };
  await type(phone, { role: 'field', name: 'Note', within: dialog }, `On site (${phone.engine})`);
  await tap(phone, button('Send Arrived', dialog));
  // The update waits for the phone's location up to 10 s: WebKitGTK's permission prompt is never answered.
  await waitGone(phone, dialog, 20_000);
  await until(
    phone,
    'the stop marked Arrived',
    async () => /Arrived/.test(await textOf(phone, { role: 'css', name: '.ant-card-head', within: card })),
    20_000,
  );
  await waitGone(phone, { role: 'text', name: /waiting to be sent/ }, 20_000);
  const history = await staff.get<Array<{ activity: string; details: string }>>(
    `/api/InvoicesHistory?InvoiceId=${invoiceId}`,
  );
  const arrived = history.filter((h) => h.activity === 'Appointment Arrived');
  assert.equal(arrived.length, 1, 'the Arrived update reached the shop once');
  assert.match(arrived[0].details, new RegExp(`On site \\(${phone.engine}\\)`));

  // Opened afresh on its address, the day is in the phone shell (decision 0034): a compact bar, no office footer;
  // its menu brings the office's.
  await phone.goto('/my-appointments');
  await waitFor(phone, card, 20_000);
  assert.equal(
    await phone.evaluate<boolean>(
      `!!document.querySelector('.phone-top-bar') && !document.querySelector('.app-footer')`,
    ),
    true,
    `${phone.engine}: the day in the phone shell`,
  );
  await noSideScroll(phone);
  await tap(phone, button('Menu'));
  await waitFor(phone, { role: 'dialog', name: 'Menu' }, 20_000);
  return { details: arrived[0].details };
}
