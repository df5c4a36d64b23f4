import { type ComponentType, lazy, Suspense } from 'react';
import { useShellPartsReady } from '../ui/shell-parts';

// The toasts' host (antd message and notification) loads after the first screen (ui/shell-parts.ts), not before
// it; a toast raised before is shown once it is here (api/notices.ts queues it). Offline before its code arrived
// (an installer losing the network as the day shows), the toasts wait: outside every error boundary, a failed
// import would otherwise take the whole app off the screen.
const MessageHost = lazy<ComponentType>(() =>
  import('./message-host').then(
    (m) => ({ default: m.MessageHost }),
    () => ({ default: () => null }),
  ),
);

/** The toasts' host, once the first screen is drawn: the office app (app.tsx) and the phone shell use it. */
export function DeferredMessageHost() {
  return useShellPartsReady() ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
}
