import {
  PHONE_BRIDGE_OPEN_PHONE_DIALOG_PREFIX,
  PHONE_BRIDGE_OPEN_RECORD_PREFIX,
} from '@glass/domain/constants';

// The messages /phone-requests posts to its parent after a call request (features/phone-bridge/README.md):
// the phone bridge writes them, the app's shell (shell/phone-request-messages.ts) is such a parent and reads
// them, so the protocol sits here under both. Small: the shell loads it with the first screen.

/** What the parent is asked to open after a call request (features/phone-bridge/README.md "Messages to the parent"). */
export type OpenMessage =
  | { kind: 'serviceVehicle' | 'invoice'; id: number; path: string; phone: string }
  | { phone: string };

/** The message for a lookup's matches: the one record when exactly one matches, else the Phone dialog. */
export function openMessageFor(
  phone: string,
  result: { serviceVehicles: { id: number }[]; invoices: { id: number }[] },
): string {
  const records = [
    ...result.serviceVehicles.map((r) => ({
      kind: 'serviceVehicle' as const,
      id: r.id,
      path: `/service-vehicles/${r.id}`,
    })),
    ...result.invoices.map((r) => ({ kind: 'invoice' as const, id: r.id, path: `/invoices/${r.id}` })),
  ];
  if (records.length === 1)
    return `${PHONE_BRIDGE_OPEN_RECORD_PREFIX}${JSON.stringify({ ...records[0], phone })}`;
  return `${PHONE_BRIDGE_OPEN_PHONE_DIALOG_PREFIX}${JSON.stringify({ phone })}`;
}

/** The message a parent received, or undefined when it is something else. */
export function parseOpenMessage(data: unknown): OpenMessage | undefined {
  if (typeof data !== 'string') return undefined;
  const prefix = [PHONE_BRIDGE_OPEN_RECORD_PREFIX, PHONE_BRIDGE_OPEN_PHONE_DIALOG_PREFIX].find((p) =>
    data.startsWith(p),
  );
  if (!prefix) return undefined;
  try {
    const msg = JSON.parse(data.slice(prefix.length)) as Record<string, unknown>;
    if (typeof msg?.phone !== 'string') return undefined;
    if (prefix === PHONE_BRIDGE_OPEN_PHONE_DIALOG_PREFIX) return { phone: msg.phone };
    if ((msg.kind !== 'serviceVehicle' && msg.kind !== 'invoice') || !Number.isInteger(msg.id))
      return undefined;
    const id = msg.id as number;
    return {
      kind: msg.kind,
      id,
      path: msg.kind === 'invoice' ? `/invoices/${id}` : `/service-vehicles/${id}`,
      phone: msg.phone,
    };
  } catch {
    return undefined;
  }
}
