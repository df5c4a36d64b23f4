import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { MAX_SHORTCUT_TILES } from '@glass/domain/constants';
import { Alert, Button, Space, Switch } from 'antd';
import { useState } from 'react';
import { messageApi, withProgress } from '../api/notices';
import { tilesApi } from '../api/session-api';
import type { TileInfo } from '@glass/domain/contracts';
import { updateSession } from '../api/use-session';
import { TileIcon } from './tile-icon';
import { countShortcuts } from './tile-rules';
import { UnsavedChangesGuard } from './unsaved-changes';

// Not a spec text: the spec only says the top bar shows at most 3 shortcuts.
export const SHORTCUT_LIMIT_TEXT = `At most ${MAX_SHORTCUT_TILES} shortcuts appear in the top bar: the first ${MAX_SHORTCUT_TILES} in tile order.`;

type Flag = 'isDisplayed' | 'isSmallTile' | 'hasShortcut';

/** Edit mode of the tile home: show/hide, small/large, shortcut, order; saved in one call. */
export function TileEditor({ tiles, onDone }: { tiles: TileInfo[]; onDone: () => void }) {
  const [draft, setDraft] = useState<TileInfo[]>(() => tiles.map((tile) => ({ ...tile })));
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(tiles);

  const setFlag = (index: number, flag: Flag, value: boolean) => {
    const next = draft.map((tile, i) => (i === index ? { ...tile, [flag]: value } : tile));
    if (flag === 'hasShortcut' && value && countShortcuts(next) > MAX_SHORTCUT_TILES) {
      messageApi().warning(SHORTCUT_LIMIT_TEXT);
    }
    setDraft(next);
  };

  const move = (index: number, delta: number) => {
    const target = index + delta;
    if (target < 0 || target >= draft.length) return;
    const next = [...draft];
    [next[index], next[target]] = [next[target], next[index]];
    setDraft(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await withProgress(tilesApi.save(draft));
      updateSession((state) => ({ ...state, tiles: saved.length ? saved : draft }));
      onDone();
    } catch {
      // withProgress has shown the server's reason; the draft stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const flagSwitch = (tile: TileInfo, index: number, flag: Flag, label: string, checked: boolean) => (
    <span className="tile-editor-flag">
      <Switch
        size="small"
        checked={checked}
        aria-label={`${tile.displayName}: ${label}`}
        onChange={(value) => setFlag(index, flag, flag === 'isSmallTile' ? !value : value)}
      />
      <span aria-hidden="true">{label}</span>
    </span>
  );

  return (
    <section aria-label="Edit tiles">
      <UnsavedChangesGuard when={dirty && !saving} />
      <Alert type="info" showIcon title={SHORTCUT_LIMIT_TEXT} style={{ marginBottom: 12 }} />
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {draft.map((tile, index) => (
          <li key={tile.name} className="tile-editor-row">
            <span className="tile-editor-name">
              <TileIcon icon={tile.icon} url={tile.url} />
              {tile.displayName}
            </span>
            <span className="tile-editor-controls">
              {flagSwitch(tile, index, 'isDisplayed', 'Shown', tile.isDisplayed)}
              {flagSwitch(tile, index, 'isSmallTile', 'Large', !tile.isSmallTile)}
              {flagSwitch(tile, index, 'hasShortcut', 'Shortcut', tile.hasShortcut)}
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={`Move ${tile.displayName} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={`Move ${tile.displayName} down`}
                disabled={index === draft.length - 1}
                onClick={() => move(index, 1)}
              />
            </span>
          </li>
        ))}
      </ol>
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
          Save
        </Button>
        <Button disabled={saving} onClick={onDone}>
          Cancel
        </Button>
      </Space>
    </section>
  );
}
