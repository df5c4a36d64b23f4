import type { Page } from '@playwright/test';
import { apiAs, DEMO, expect, expectAccessible, screenTitle, signIn, test } from './fixtures';

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * A day far ahead that no other test books (other specs use 70–450 and 700–907 days ahead, and 2032 on), as the
 * save and the calendar's ?date= take it. Not today: the seed and other specs book today's and tomorrow's evenings
 * too, by the hour the run starts at, and a booking of theirs in the way is a 409 here.
 */
function freeDay() {
  const d = new Date(Date.now() + (1000 + (Date.now() % 500)) * 86_400_000);
  return {
    iso: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    us: `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`,
  };
}

/** A fresh invoice at the signed-in user's facility (so the calendar, which shows that facility, has it). */
async function newInvoice(page: Page, lastName: string) {
  const api = await apiAs(page);
  const self = await api.get<{ facility: { id: number } | null }>('/api/self');
  const sv = await api.post<{ id: number }>('/api/ServiceVehicle', {
    facilityId: self.facility?.id ?? 1,
    repairCount: 1,
    vehicle: { make: 'Toyota', model: 'Camry', vin: '1HGCM82633A004352', sourceId: 1 },
    repairOrder: { repairOrderNumber: `E2EAP${Date.now() % 100_000_000}`, statusId: 3 },
    customer: {
      firstName: 'Cal',
      lastName,
      contact: { primaryPhone: { phone: '(713) 555-0177', phoneTypeId: 2 } },
    },
  });
  const { invoiceId } = await api.post<{ invoiceId: number }>(
    `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
  );
  return invoiceId;
}

/** Types a date and time into an antd DateTimeField (format MM/DD/YYYY hh:mm A). */
async function pickDateTime(page: Page, label: string, text: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  // The panel's OK confirms the typed value (Enter would also submit the form).
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
}

test('book an appointment from an invoice, see it in the Week view, reschedule it through the form', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  const id = await newInvoice(page, 'Booker');
  const day = freeDay();

  await page.goto(`/invoices/${id}`);
  await page.getByRole('link', { name: 'Schedule appointment' }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule-appointment\\?invoiceId=${id}$`));
  await expect(page).toHaveTitle(screenTitle('Schedule Appointment'));
  await expect(page.getByRole('heading', { name: `Schedule Appointment: invoice ${id}` })).toBeVisible();

  await page.getByLabel('Installer', { exact: true }).click();
  await page.keyboard.type('Luis Ortega');
  await page.keyboard.press('Enter');
  await pickDateTime(page, 'Date and time', `${day.us} 07:00 PM`);
  await page.getByLabel('Time allowed (minutes)').fill('60');
  // The state is a select of the 50 states.
  await page.getByLabel('State', { exact: true }).click();
  await page.keyboard.type('Texas');
  await page.keyboard.press('Enter');
  await page.getByLabel('Instructions', { exact: true }).fill('Ring twice');
  // The installer's day is beside the form.
  await expect(page.getByRole('heading', { name: /Installer's day/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save appointment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Appointment booked for ${day.iso} 19:00.` }),
  ).toBeVisible();
  await expect(page.getByRole('complementary').getByText(/07:00 PM – 60 min \(this invoice\)/)).toBeVisible();

  // The Week view (the default) shows it.
  await page.goto(`/appointments?date=${day.iso}`);
  await expect(page).toHaveTitle(screenTitle('Appointments'));
  const event = page.locator('.rbc-event', { hasText: `#${id}` });
  await expect(event).toBeVisible();
  await expect(event).toContainText('Scheduled');
  await expectAccessible(page);

  // Click: the details drawer.
  await event.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(`Appointment: invoice ${id}`)).toBeVisible();
  await expect(drawer.getByText('Ring twice')).toBeVisible();
  await drawer.getByRole('link', { name: 'Reschedule or edit' }).click();

  // Reschedule through the form: the same save rules, the history keeps both times.
  await expect(page.getByLabel('Date and time', { exact: true })).toHaveValue(`${day.us} 07:00 PM`);
  await pickDateTime(page, 'Date and time', `${day.us} 08:30 PM`);
  await page.getByRole('button', { name: 'Save appointment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Appointment moved for ${day.iso} 20:30.` }),
  ).toBeVisible();
  const history = await (await apiAs(page)).get<{ activity: string; details: string | null }[]>(
    `/api/InvoicesHistory?InvoiceId=${id}`,
  );
  expect(history.map((h) => h.activity)).toEqual(
    expect.arrayContaining(['Appointment scheduled', 'Appointment rescheduled']),
  );
  await expectAccessible(page);
});

test('an overlapping booking is refused with the conflict named; the calendar updates live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.goto('/');
  const [first, second] = [await newInvoice(page, 'Overlap'), await newInvoice(page, 'Overlap')];
  const day = freeDay();
  const api = await apiAs(page);
  const installers = await api.get<{ id: number; firstName: string }[]>(
    '/api/users/installers?isActive=true',
  );
  const luis = installers.find((i) => i.firstName === 'Luis');
  const body = (invoiceId: number, time: string) => ({
    scheduleInvoiceId: invoiceId,
    partTypeId: 2,
    installerId: luis?.id,
    appointmentDateTime: `${day.iso}T${time}`,
    timeAllowed: 60,
    serviceAppointment: false,
  });

  await page.goto(`/appointments?view=Day&date=${day.iso}`);
  await expect(page.locator('.rbc-time-header .rbc-row-resource').first()).toBeVisible();

  // Another office user books while the calendar is open: it appears without a reload.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signIn(other, DEMO.adminAssistant);
  await (await apiAs(other)).post('/api/appointmentsSchedule/save', body(first, '22:00'));
  await expect(page.locator('.rbc-event', { hasText: `#${first}` })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);

  // The same installer at an overlapping time: 409 naming the booking in the way.
  const res = await page.request.post('/api/appointmentsSchedule/save', {
    headers: { Authorization: `Bearer ${api.token}` },
    data: body(second, '22:30'),
  });
  expect(res.status()).toBe(409);
  expect((await res.json()).detail).toContain(`(invoice ${first})`);

  await page.goto(`/schedule-appointment?invoiceId=${second}`);
  await page.getByLabel('Installer', { exact: true }).click();
  await page.keyboard.type('Luis Ortega');
  await page.keyboard.press('Enter');
  await pickDateTime(page, 'Date and time', `${day.us} 10:30 PM`);
  await page.getByRole('button', { name: 'Save appointment' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: `(invoice ${first})` })).toBeVisible();
  await other.context().close();
});

test('the facility list groups the day and the new screens are accessible at 375 px', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/my-facility-appointments');
  await expect(page).toHaveTitle(screenTitle('My Facility Appointments'));
  await expect(page.getByRole('switch', { name: 'Repairs' })).toBeVisible();
  await expect(
    page
      .getByRole('heading', { name: /^(Scheduled \(\d+\)|No appointments found for this day)$/ })
      .or(page.getByText('No appointments found for this day')),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto('/appointments');
  await expect(page.locator('.rbc-calendar')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/schedule-appointment');
  await expect(page.getByLabel('Invoice number')).toBeVisible();
  await expectAccessible(page);
});

test('drag an appointment to a later time reschedules it; the switches are saved per tab', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  const id = await newInvoice(page, 'Dragger');
  const day = freeDay();
  const api = await apiAs(page);
  const installers = await api.get<{ id: number; firstName: string }[]>(
    '/api/users/installers?isActive=true',
  );
  const kevin = installers.find((i) => i.firstName === 'Kevin');
  await api.post('/api/appointmentsSchedule/save', {
    scheduleInvoiceId: id,
    partTypeId: 2,
    installerId: kevin?.id,
    appointmentDateTime: `${day.iso}T19:30`,
    timeAllowed: 60,
  });

  await page.goto(`/appointments?view=Day&date=${day.iso}`);
  await expect(page.locator('.rbc-time-header .rbc-row-resource').first()).toBeVisible();
  const event = page.locator('.rbc-event', { hasText: `#${id}` });
  // Found again if the calendar redraws it meanwhile (scrollIntoViewIfNeeded does not wait for that).
  await event.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await event.boundingBox();
  if (!box) throw new Error('the event has no box');
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(x, box.y + 30, { steps: 5 });
  // One hour later (the event is an hour high), inside the grid's visible part.
  await page.mouse.move(x, box.y + 6 + box.height, { steps: 10 });
  await page.mouse.up();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Appointment moved' })).toBeVisible();
  const details = await api.get<{ appointments: { localDateTime: string }[] }>(
    `/api/appointments/details?invoiceId=${id}`,
  );
  expect(details.appointments[0].localDateTime > `${day.iso}T19:30`).toBe(true);

  // The Repairs switch of this tab is the user's page attribute: still off after a reload.
  const repairs = page.getByRole('switch', { name: 'Repairs' });
  await repairs.click();
  await expect(repairs).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Repairs' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Repairs' }).click();
  await expect(page.getByRole('switch', { name: 'Repairs' })).toBeChecked();
});

/** The hour label at the top of the calendar's visible time grid ('8:00 AM'). */
async function firstVisibleHour(page: Page) {
  return page.locator('.appt-calendar .rbc-time-content').evaluate((grid) => {
    // The hour drawn 10 px below the grid's top edge (the scroll position may be a pixel off the hour).
    const y = grid.getBoundingClientRect().top + 10;
    const groups = Array.from(grid.querySelectorAll('.rbc-time-gutter .rbc-timeslot-group'));
    const first = groups.find(
      (g) => g.getBoundingClientRect().top <= y && g.getBoundingClientRect().bottom > y,
    );
    return first?.querySelector('.rbc-label')?.textContent?.trim() ?? null;
  });
}

test('the Day and Week views open at 08:00, or at the first appointment when it is later (spec 2 §2, §9)', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  const api = await apiAs(page);
  const installers = await api.get<{ id: number; firstName: string }[]>(
    '/api/users/installers?isActive=true',
  );
  // Two days far ahead that nothing else books: one starts at 06:00, one at 10:00.
  const ahead = 700 + (Date.now() % 200);
  const early = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  const late = new Date(Date.now() + (ahead + 7) * 86_400_000).toISOString().slice(0, 10);
  for (const [day, time] of [
    [early, '06:00'],
    [late, '10:00'],
    [late, '13:00'],
  ]) {
    await api.post('/api/appointmentsSchedule/save', {
      scheduleInvoiceId: await newInvoice(page, 'Opener'),
      partTypeId: 2,
      installerId: installers[0].id,
      appointmentDateTime: `${day}T${time}`,
      timeAllowed: 30,
      serviceAppointment: false,
    });
  }
  for (const view of ['Day', 'Week']) {
    await page.goto(`/appointments?view=${view}&date=${early}`);
    await expect(page.locator('.rbc-event', { hasText: 'Opener' })).toHaveCount(1);
    await expect.poll(() => firstVisibleHour(page)).toBe('8:00 AM');
    await page.goto(`/appointments?view=${view}&date=${late}`);
    await expect(page.locator('.rbc-event', { hasText: 'Opener' })).toHaveCount(2);
    await expect.poll(() => firstVisibleHour(page)).toBe('10:00 AM');
  }
});
