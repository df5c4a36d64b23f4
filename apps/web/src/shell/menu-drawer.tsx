import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The collapsed top bar on narrow screens: a full-width drawer (issue 3 item 10). */
export function MenuDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer title="Menu" placement="right" size="100%" open={open} onClose={onClose}>
      {children}
    </Drawer>
  );
}
