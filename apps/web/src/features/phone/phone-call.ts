import { PHONE_POPUP_CLOSE_MS } from '@glass/domain/constants';
import { normalizePhone } from '@glass/domain/rules/phone-input';
import { showError } from '../../api/notices';
import { searchApi } from '../../api/search-api';

/**
 * Places a call through the phone bridge (spec 2 §4): the server gives the URI of the user's phone
 * extension, which is opened in a small pop-up closed after 2 s. The pop-up is opened before the
 * request so the browser still sees the click that allows it.
 */
export async function placeCall(phone: string, facilityId?: number | null): Promise<void> {
  const popup = window.open('about:blank', 'phone-call', 'width=320,height=240');
  try {
    const answer = await searchApi.callUri(normalizePhone(phone), facilityId);
    const uri = typeof answer === 'string' ? answer : (answer?.uri ?? answer?.data);
    if (!uri) throw new Error('The server gave no call address');
    if (popup) popup.location.href = uri;
    else window.location.href = uri;
    setTimeout(() => popup?.close(), PHONE_POPUP_CLOSE_MS);
  } catch (error) {
    popup?.close();
    showError(error, 'Failed to place the call');
  }
}
