import { http } from './http';

export interface SignedLink {
  url: string;
  fileName: string;
  expiresAt: string;
}

/**
 * Opens a file at a short-lived signed link (issue #15 item 5): the tab shows a real address ending in the
 * file name, so the browser's PDF viewer saves it as such, and the bearer token never goes in a URL. The
 * tab opens at once, inside the click, so a pop-up blocker lets it through; the link is asked for
 * meanwhile. A blocked pop-up falls back to a download of the same link.
 */
export async function openSignedLink(linkPath: string): Promise<SignedLink> {
  const tab = window.open('', '_blank');
  try {
    const link = await http.post<SignedLink>(linkPath);
    if (tab) {
      tab.opener = null;
      tab.location.href = link.url;
    } else {
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = link.fileName;
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
    }
    return link;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
