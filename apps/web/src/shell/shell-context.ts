import { createContext, useContext } from 'react';
import type { PhoneLookupResult } from '@glass/domain/contracts';

/** The global dialogs any part of the shell (top bar, lateral menu, drawer menu) can open. */
export interface ShellActions {
  openSearch: () => void;
  openMessages: () => void;
  openSubscriptions: () => void;
  openNotifications: () => void;
  openPhoneLookup: (phone: string, result: PhoneLookupResult) => void;
}

const noop = () => {};
export const ShellContext = createContext<ShellActions>({
  openSearch: noop,
  openMessages: noop,
  openSubscriptions: noop,
  openNotifications: noop,
  openPhoneLookup: noop,
});

export function useShell(): ShellActions {
  return useContext(ShellContext);
}
