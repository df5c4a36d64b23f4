/**
 * The phone shell (phone-app.tsx, decision 0034) hands the page over to the office app when the installer taps
 * its menu: the office's top bar then starts with its menu open, so the tap opens the menu the installer asked
 * for (navigation, messages, logout …), not a top bar to tap again.
 */
let menuRequested = false;

/** The office app about to start should open its narrow menu at once. */
export function requestOfficeMenu(): void {
  menuRequested = true;
}

/** True once, when the phone shell asked for the office's menu. */
export function takeOfficeMenuRequest(): boolean {
  const asked = menuRequested;
  menuRequested = false;
  return asked;
}
