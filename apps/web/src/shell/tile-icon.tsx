import { lazy, Suspense } from 'react';

// Tile icons are decoration: the tiles (names and links) render at once and the icon set (one chunk of
// about 40 icons) follows, so it does not weigh on the first screen.
const TileIconGlyph = lazy(() => import('./tile-icon-map'));

export function TileIcon({ icon, url, size = 16 }: { icon?: string | null; url?: string; size?: number }) {
  const placeholder = (
    <span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size }} />
  );
  return (
    <Suspense fallback={placeholder}>
      <TileIconGlyph icon={icon} url={url} size={size} />
    </Suspense>
  );
}
