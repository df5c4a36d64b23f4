import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// The theme's tokens without antd's whole `theme` export: every antd component already uses this hook.
import useToken from 'antd/es/theme/useToken';
import { type CSSProperties, lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../api/use-session';
import { useDocumentTitle } from './document-title';
import { PageSpinner } from './page-spinner';
import { roleOf } from './route-allowed';
import { TileIcon } from './tile-icon';
import { openableTiles, visibleTiles } from './tile-rules';
import './tiles.css';

// Edit mode (switches, the unsaved-changes modal) loads when the user asks for it.
const TileEditor = lazy(() => import('./tile-editor').then((m) => ({ default: m.TileEditor })));

// Phones get compact tiles, two per row (tiles.css); their icons shrink with them.
const PHONE = '(max-width: 599px)';
const subscribePhone = (listener: () => void) => {
  const media = window.matchMedia(PHONE);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
};
const usePhone = () =>
  useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );

/** Tile home (spec 1 §1): the user's shown tiles, large or small; a tile opens its screen. */
export function HomeTiles() {
  useDocumentTitle('Home');
  const [, token] = useToken();
  const phone = usePhone();
  const session = useSession();
  const location = useLocation();
  const [editing, setEditing] = useState(false);

  // Pressing Home again (a new navigation to the same path) leaves edit mode.
  useEffect(() => {
    if (location.key) setEditing(false);
  }, [location.key]);

  if (session.isPending) return <PageSpinner label="Loading data" />;
  // Only the tiles the role may open, in the editor as on the home (issue #15 item 2).
  const tiles = openableTiles(session.data?.tiles ?? [], roleOf(session.data?.user));
  const shown = visibleTiles(tiles);

  return (
    <section
      aria-labelledby="home-title"
      style={
        {
          '--tile-bg': token.colorBgContainer,
          '--tile-border': token.colorBorderSecondary,
          '--tile-text': token.colorText,
          '--tile-hover': token.colorPrimary,
          '--tile-shadow': token.boxShadowTertiary,
          '--tile-radius': `${token.borderRadiusLG}px`,
        } as CSSProperties
      }
    >
      <div className="home-header">
        <h1 id="home-title">Home</h1>
        {!editing && tiles.length > 0 && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit tiles
          </Button>
        )}
      </div>
      {editing ? (
        <Suspense fallback={<PageSpinner label="Loading editor" />}>
          <TileEditor tiles={tiles} onDone={() => setEditing(false)} />
        </Suspense>
      ) : shown.length ? (
        <nav aria-label="Tiles" className="tile-grid">
          {shown.map((tile) => (
            <Link
              key={tile.name}
              to={tile.url}
              className={tile.isSmallTile ? 'tile tile-small' : 'tile tile-large'}
              data-tile={tile.name}
            >
              <TileIcon icon={tile.icon} url={tile.url} size={tileIconSize(tile.isSmallTile, phone)} />
              <span>{tile.displayName}</span>
            </Link>
          ))}
        </nav>
      ) : (
        <p>No tiles to show. Use Edit tiles to choose some.</p>
      )}
    </section>
  );
}

const tileIconSize = (small: boolean, phone: boolean) => (phone ? (small ? 20 : 28) : small ? 24 : 40);
