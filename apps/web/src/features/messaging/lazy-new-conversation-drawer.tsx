import { type ComponentProps, lazy, Suspense, useState } from 'react';

// The drawer's code (its form, image picker and lists) loads when it is first opened, not with every screen that
// offers it (the messaging front door is also on the installer's day, which only listens to real-time events).
const Drawer = lazy(() =>
  import('./new-conversation-drawer').then((m) => ({ default: m.NewConversationDrawer })),
);

/** The new conversation drawer; nothing until it is first opened, then kept (so it closes with its animation). */
export function NewConversationDrawer(props: ComponentProps<typeof Drawer>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
