import {
  PHONE_BRIDGE_CALL_PREFIX,
  PHONE_BRIDGE_CALLED,
  PHONE_BRIDGE_READY,
  PHONE_POPUP_CLOSE_MS,
} from '@glass/domain/constants';
import { http } from '../../api/http';
import { searchApi } from '../../api/search-api';
import { openMessageFor } from '../../api/phone-bridge-messages';

/** The fields of a 'makePhoneCall?{json}' message (spec 2 §4). */
export interface CallRequest {
  DestinationPhoneNumber: string;
  UseFacilityId?: boolean;
  PhoneFacilityId?: number | null;
}

/** The request in a window message, or undefined when the message is something else. */
export function parseCallMessage(data: unknown): CallRequest | undefined {
  if (typeof data !== 'string' || !data.startsWith(PHONE_BRIDGE_CALL_PREFIX)) return undefined;
  try {
    const req = JSON.parse(data.slice(PHONE_BRIDGE_CALL_PREFIX.length)) as CallRequest;
    if (
      !req ||
      (typeof req.DestinationPhoneNumber !== 'string' && typeof req.DestinationPhoneNumber !== 'number')
    )
      return undefined;
    return { ...req, DestinationPhoneNumber: String(req.DestinationPhoneNumber) };
  } catch {
    return undefined;
  }
}

/**
 * Places a call: asks the server for the URI (GET phoneExtensions/getRequestUri), opens it in a
 * small pop-up and closes the pop-up after 2000 ms. The pop-up opens before the request so a click
 * still counts as the user gesture that allows it.
 */
export async function makePhoneCall(req: CallRequest): Promise<string> {
  const popup = window.open('about:blank', 'phone-call', 'width=320,height=240');
  try {
    const uri = await http.get<string>('phoneExtensions/getRequestUri', {
      query: {
        destinationPhone: req.DestinationPhoneNumber,
        useFacilityId: !!req.UseFacilityId,
        facilityId: req.PhoneFacilityId ?? undefined,
      },
    });
    if (popup) popup.location.href = uri;
    else window.location.href = uri;
    setTimeout(() => popup?.close(), PHONE_POPUP_CLOSE_MS);
    return uri;
  } catch (error) {
    popup?.close();
    throw error;
  }
}

/** The window that embeds the bridge (an iframe's parent, or the opener of a pop-up). */
function host(): Window | undefined {
  if (window.parent && window.parent !== window) return window.parent;
  return window.opener ?? undefined;
}

/**
 * Starts the bridge: posts 'phone-extensions-ready' to the host, then answers every same-origin
 * 'makePhoneCall?{json}' message by placing the call and posting 'phone-called' back.
 * Returns the function that stops listening.
 */
export function startPhoneBridge(
  onCall?: (req: CallRequest, result: { uri?: string; error?: unknown }) => void,
) {
  const origin = window.location.origin;
  host()?.postMessage(PHONE_BRIDGE_READY, origin);
  const listener = async (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const req = parseCallMessage(event.data);
    if (!req) return;
    const reply = (event.source as Window | null) ?? host();
    try {
      const uri = await makePhoneCall(req);
      onCall?.(req, { uri });
    } catch (error) {
      onCall?.(req, { error });
    }
    reply?.postMessage(PHONE_BRIDGE_CALLED, origin);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/**
 * Looks a requested number up (the Phone dialog's lookup) and asks the parent to open the match: the
 * record when exactly one matches, else the Phone dialog. Nothing is posted when there is no parent or
 * fewer than 4 digits.
 */
export async function openInParent(req: CallRequest): Promise<void> {
  const parent = host();
  const phone = req.DestinationPhoneNumber.replace(/\D/g, '');
  if (!parent || phone.length < 4) return;
  try {
    const result = await searchApi.phoneLookup(phone);
    parent.postMessage(openMessageFor(phone, result), window.location.origin);
  } catch (error) {
    console.warn('Phone request lookup failed', error);
  }
}
