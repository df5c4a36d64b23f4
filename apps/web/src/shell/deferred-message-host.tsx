import { lazy, Suspense } from 'react';
import { useShellPartsReady } from '../ui/shell-parts';

// The toasts' host (antd message and notification) loads after the first screen (ui/shell-parts.ts), not before
// it; a toast raised before is shown once it is here (api/notices.ts queues it).
const MessageHost = lazy(() => import('./message-host').then((m) => ({ default: m.MessageHost })));

/** The toasts' host, once the first screen is drawn: the office app (app.tsx) and the phone shell use it. */
export function DeferredMessageHost() {
  return useShellPartsReady() ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
}
