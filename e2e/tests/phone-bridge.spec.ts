import { expect, test } from './fixtures';

// Spec 2 §4 "Phone bridge" and §9 (popup closes after 2000 ms).
const READY = 'phone-extensions-ready';
const CALLED = 'phone-called';

test('the bridge in a frame says it is ready, places a requested call in a popup and answers phone-called', async ({
  page,
  context,
}) => {
  await page.goto('/new-home');
  await expect(page.getByRole('navigation', { name: 'Tiles' })).toBeVisible();
  // The host (the parent window) embeds /phone-requests and records what the bridge posts to it.
  await page.evaluate(() => {
    const w = window as unknown as { bridgeMessages: unknown[] };
    w.bridgeMessages = [];
    window.addEventListener('message', (e) => {
      if (e.origin === window.location.origin) w.bridgeMessages.push(e.data);
    });
    const frame = Object.assign(document.createElement('iframe'), { id: 'bridge', src: '/phone-requests' });
    document.body.appendChild(frame);
  });
  const messages = () =>
    page.evaluate(() => (window as unknown as { bridgeMessages: unknown[] }).bridgeMessages);
  await expect.poll(messages, { timeout: 20_000 }).toContain(READY);

  const uriAsked = page.waitForResponse((r) => r.url().includes('/api/phoneExtensions/getRequestUri'));
  const popupOpened = context.waitForEvent('page').then((popup) => ({ popup, at: Date.now() }));
  await page.evaluate(() => {
    const frame = document.getElementById('bridge') as HTMLIFrameElement;
    const request = { DestinationPhoneNumber: '(713) 555-0100', UseFacilityId: false, PhoneFacilityId: null };
    frame.contentWindow?.postMessage(`makePhoneCall?${JSON.stringify(request)}`, window.location.origin);
  });
  const answer = await uriAsked;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('destinationPhone')).toBe('(713) 555-0100');
  expect(await answer.json()).toMatch(/^(tel|sips?):7135550100/);

  const { popup, at } = await popupOpened;
  await expect.poll(messages).toContain(CALLED);
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 });
  // Closed by the bridge's 2000 ms timer, not at once (`at` is when the test heard of the popup, which on a busy
  // machine is some time after it opened: 1,888 ms were seen, so only "not at once" is asserted).
  expect(Date.now() - at).toBeGreaterThanOrEqual(1_000);
  // Spec 2 §2: /phone-requests has no UI, not even the app's header or a title, before or after a call.
  const frame = page.frame({ url: /\/phone-requests$/ });
  expect(frame).not.toBeNull();
  const shown = await frame?.evaluate(() => ({
    text: document.body.innerText.trim(),
    // Every element but the app's (empty) root, which fills the page.
    boxes: Array.from(document.body.querySelectorAll('*:not(#root)')).filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    }).length,
    title: document.title,
  }));
  expect(shown).toEqual({ text: '', boxes: 0, title: expect.stringContaining('Phone Requests') });
});
