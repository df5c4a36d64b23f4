import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { APP_TITLE } from './document-title';
import './phone-shell.css';

/**
 * The phone shell's top bar (decision 0034): where (the facility, or the app's name), who, and the menu button.
 * The office's top bar, footer and dialogs are not loaded before the installer's day is drawn; the menu opens
 * them (`onMenu`), so nothing the office shell offers is lost.
 */
export function PhoneTopBar({
  facility,
  user,
  opening,
  onMenu,
}: {
  facility?: string | null;
  user?: string | null;
  /** The office's menu is loading. */
  opening: boolean;
  onMenu: () => void;
}) {
  return (
    <header className="phone-top-bar">
      <span className="phone-top-bar-place">{facility || APP_TITLE}</span>
      {user && (
        <span className="phone-top-bar-user" data-testid="top-bar-user">
          {user}
        </span>
      )}
      <Button type="text" icon={<MenuOutlined />} aria-label="Menu" loading={opening} onClick={onMenu} />
    </header>
  );
}
