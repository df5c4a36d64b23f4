import { HomeOutlined, MenuOutlined } from '@ant-design/icons';
import { FAILED_TO_GET_USER_INFORMATION } from '@glass/domain/messages/session';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../api/use-session';
import { DutySwitch } from './duty-switch';
import { FacilitySelect } from './facility-select';
import { homePath } from './hosts';
import { takeOfficeMenuRequest } from './office-hand-over';
import { QuickPhoneInput } from './quick-phone-input';
import { ShortcutTiles } from './shortcut-tiles';
import { TopBarActions } from './top-bar-actions';
import { useNarrow } from '../ui/use-narrow';

// The narrow-screen menu drawer loads when first opened.
const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));

function HomeButton() {
  const navigate = useNavigate();
  return (
    <Button
      type="text"
      icon={<HomeOutlined />}
      aria-label="Home"
      title="Home"
      onClick={() => navigate(homePath(), { state: { home: true } })}
    />
  );
}

function UserName() {
  const session = useSession();
  const user = session.data?.user;
  // Spec 1 §8: the session loaded without its user (GET self failed): say so where the name goes.
  if (!user)
    return session.data ? (
      // A plain span in the theme's error colour: antd's Typography (with its editor, copy button and
      // ellipsis tooltip) would add about 20 KB to the first screen of every signed-in visit.
      <span className="top-bar-user top-bar-user-error" role="alert" data-testid="top-bar-user">
        {FAILED_TO_GET_USER_INFORMATION}
      </span>
    ) : null;
  return (
    <span className="top-bar-user" data-testid="top-bar-user">
      {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.userName}
    </span>
  );
}

/** Top bar (spec 1 §1); under 900 px everything but home and the phone input moves into a menu drawer. */
export function TopBar() {
  const narrow = useNarrow();
  const [menuOpen, setMenuOpen] = useState(false);
  // Opened from the phone shell's menu button (decision 0034): the menu is what the installer asked for.
  useEffect(() => {
    if (takeOfficeMenuRequest()) setMenuOpen(true);
  }, []);
  const closeMenu = () => setMenuOpen(false);

  if (narrow) {
    return (
      <header className="top-bar">
        <HomeButton />
        <div className="top-bar-spacer" />
        <QuickPhoneInput width={140} />
        <Button type="text" icon={<MenuOutlined />} aria-label="Menu" onClick={() => setMenuOpen(true)} />
        {menuOpen && (
          <Suspense fallback={null}>
            <MenuDrawer open={menuOpen} onClose={closeMenu}>
              <div className="menu-drawer-section">
                <UserName />
                <FacilitySelect block />
                <DutySwitch />
                <ShortcutTiles withLabels onAction={closeMenu} />
                <TopBarActions withLabels onAction={closeMenu} />
              </div>
            </MenuDrawer>
          </Suspense>
        )}
      </header>
    );
  }

  return (
    <header className="top-bar">
      <HomeButton />
      <ShortcutTiles />
      <div className="top-bar-spacer" />
      <QuickPhoneInput />
      <UserName />
      <FacilitySelect />
      <DutySwitch />
      <div className="top-bar-group">
        <TopBarActions />
      </div>
    </header>
  );
}
