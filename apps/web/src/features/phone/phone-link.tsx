import { PHONE_TYPE_OPTIONS } from '@glass/domain/enums';
import { dialablePhone, formatPhone } from '../../ui/phone';
import type { MouseEvent } from 'react';
import { placeCall } from './phone-call';

const phoneTypeLabel = (id: number | null | undefined) =>
  PHONE_TYPE_OPTIONS.find((option) => option.value === id)?.label;

/**
 * A phone number with its type. Clicking it (or Enter on it) places the call through the phone bridge
 * (spec 2 §4); the `tel:` address stays for copying and for assistive technology.
 */
export function PhoneLink({
  phone,
  typeId,
  facilityId,
}: {
  phone?: string | null;
  typeId?: number | null;
  /** The facility whose DID the call goes out on, when it matters. */
  facilityId?: number | null;
}) {
  if (!phone) return null;
  const type = phoneTypeLabel(typeId);
  const shown = formatPhone(phone);
  const call = (event: MouseEvent) => {
    event.preventDefault();
    void placeCall(phone, facilityId);
  };
  return (
    <a
      href={`tel:${dialablePhone(phone)}`}
      onClick={call}
      aria-label={`Call ${shown}${type ? ` (${type})` : ''}`}
      className="gs-phone"
    >
      {shown}
      {type ? ` (${type})` : ''}
    </a>
  );
}
