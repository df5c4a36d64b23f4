import { describe, expect, it } from 'vitest';
import { fitSms, optInText } from './compose.js';

const link = 'https://shop.example.com/glass/sign-approval/0b0c2a4e-5d6f-4a8b-9c0d-1e2f3a4b5c6d';

describe('approval texts keep their link whole (one SMS segment, notify/sms.ts)', () => {
  it('a text that fits is sent as the outbox would send it', () => {
    const text = `Hi Pat, please approve the windshield repair for your 2019 Honda Accord: ${link}`;
    expect(fitSms(text, link)).toBe(text);
  });

  it('a long template is shortened around the link, never the link', () => {
    const text = `Hi Bartholomew-Maximilian, please review and approve the windshield replacement for your 2021 Mercedes-Benz GLE 450 4MATIC Coupe at Lone Star Auto Glass Willowbrook: ${link}`;
    const sms = fitSms(text, link);
    expect(sms.endsWith(`... ${link}`)).toBe(true);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms.startsWith('Hi Bartholomew')).toBe(true);
  });

  it('a link the cut would reach moves to the end; one it does not reach stays where it is', () => {
    const late = `${'Please review the work. '.repeat(4)}Open ${link} and approve it, thank you.`;
    expect(fitSms(late, link).endsWith(`... ${link}`)).toBe(true);
    const early = `Open ${link} to approve the work on your vehicle; ${'thank you very much '.repeat(5)}`;
    expect(fitSms(early, link)).toContain(`Open ${link} to approve`);
  });

  it('the opt-in text carries its link whole', () => {
    const optIn = 'https://shop.example.com/glass/customer-opt-in/AbCdEfGhIjKlMnOpQrStUv';
    expect(optInText('Gulf Coast Windshield Repair', optIn).endsWith(optIn)).toBe(true);
  });
});
