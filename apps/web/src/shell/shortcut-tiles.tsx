import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSessionState } from '../api/use-session';
import { roleOf } from './route-allowed';
import { TileIcon } from './tile-icon';
import { openableTiles, shortcutTiles } from './tile-rules';

/** Up to 3 shortcut tiles in the top bar (spec 1 §1). */
export function ShortcutTiles({
  withLabels = false,
  onAction,
}: {
  withLabels?: boolean;
  onAction?: () => void;
}) {
  const { tiles, user } = useSessionState();
  const navigate = useNavigate();
  const shortcuts = shortcutTiles(openableTiles(tiles, roleOf(user)));
  if (!shortcuts.length) return null;
  return (
    <nav aria-label="Shortcuts" className={withLabels ? 'menu-drawer-section' : 'top-bar-group'}>
      {shortcuts.map((tile) => {
        return (
          <Button
            key={tile.name}
            type="text"
            block={withLabels}
            icon={<TileIcon icon={tile.icon} url={tile.url} />}
            aria-label={withLabels ? undefined : tile.displayName}
            title={withLabels ? undefined : tile.displayName}
            onClick={() => {
              onAction?.();
              navigate(tile.url);
            }}
          >
            {withLabels ? tile.displayName : null}
          </Button>
        );
      })}
    </nav>
  );
}
