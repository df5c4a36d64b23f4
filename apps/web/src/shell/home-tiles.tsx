import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../api/use-session';
import { useDocumentTitle } from './document-title';
import { PageSpinner } from './page-spinner';
import { TileIcon } from './tile-icon';
import { visibleTiles } from './tile-rules';
import './tiles.css';

// Edit mode (switches, the unsaved-changes modal) loads when the user asks for it.
const TileEditor = lazy(() => import('./tile-editor').then((m) => ({ default: m.TileEditor })));

/** Tile home (spec 1 §1): the user's shown tiles, large or small; a tile opens its screen. */
export function HomeTiles() {
  useDocumentTitle('Home');
  const session = useSession();
  const location = useLocation();
  const [editing, setEditing] = useState(false);

  // Pressing Home again (a new navigation to the same path) leaves edit mode.
  useEffect(() => {
    if (location.key) setEditing(false);
  }, [location.key]);

  if (session.isPending) return <PageSpinner label="Loading data" />;
  const tiles = session.data?.tiles ?? [];
  const shown = visibleTiles(tiles);

  return (
    <section aria-labelledby="home-title">
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
              <TileIcon icon={tile.icon} url={tile.url} size={tile.isSmallTile ? 24 : 40} />
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
