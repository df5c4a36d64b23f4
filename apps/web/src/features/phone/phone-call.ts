import { normalizePhone } from '@glass/domain/rules/phone-input';
import { showError } from '../../api/notices';
import { makePhoneCall } from '../phone-bridge';

/**
 * Clicking a phone number places the call through the phone bridge (spec 2 §4, `makePhoneCall`):
 * the URI of the user's phone extension opens in a small pop-up closed after 2 s.
 */
export async function placeCall(phone: string, facilityId?: number | null): Promise<void> {
  try {
    await makePhoneCall({
      DestinationPhoneNumber: normalizePhone(phone),
      UseFacilityId: facilityId != null,
      PhoneFacilityId: facilityId,
    });
  } catch (error) {
    showError(error, 'Failed to place the call');
  }
}
