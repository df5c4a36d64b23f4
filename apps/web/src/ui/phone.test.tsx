import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPhone, formatPhones, PhoneText } from './phone';

afterEach(cleanup);

describe('phone display', () => {
  it('shows stored digits as people read them, the same as the PDF', () => {
    expect(formatPhone('8325550199')).toBe('(832) 555-0199');
    expect(formatPhones(['8325550199', null, '', '+1 713 555 0142'])).toBe('(832) 555-0199, (713) 555-0142');
  });

  it('PhoneText renders the formatted number and nothing for a blank one', () => {
    const { container } = render(
      <>
        <PhoneText phone="7135550177" />
        <PhoneText phone={null} />
      </>,
    );
    expect(screen.getByText('(713) 555-0177')).toBeTruthy();
    expect(container.querySelectorAll('.gs-phone-text')).toHaveLength(1);
  });
});
