import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MessageOutlined,
  NotificationOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { reloadSession, SESSION_KEY } from '../api/use-session';
import { useShell } from './shell-context';
import { useFullscreen } from './use-fullscreen';

interface Props {
  /** In the narrow menu drawer the buttons show their text; in the bar they are icons with tooltips. */
  withLabels?: boolean;
  onAction?: () => void;
}

/** Refresh, full screen, subscriptions, messages, global search and logout (spec 1 §1). */
export function TopBarActions({ withLabels = false, onAction }: Props) {
  const shell = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fullscreen = useFullscreen();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        reloadSession(),
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] }),
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  const item = (label: string, icon: ReactNode, onClick: () => void, extra?: { loading?: boolean }) => {
    const run = () => {
      onAction?.();
      onClick();
    };
    const button = (
      <Button
        type="text"
        icon={icon}
        onClick={run}
        aria-label={withLabels ? undefined : label}
        title={withLabels ? undefined : label}
        loading={extra?.loading}
        block={withLabels}
      >
        {withLabels ? label : null}
      </Button>
    );
    // A native title, not antd Tooltip: the hint is enough and keeps the shell's first load small.
    return <span key={label}>{button}</span>;
  };

  return (
    <>
      {item('Refresh', <ReloadOutlined />, () => void refresh(), { loading: refreshing })}
      {fullscreen.supported &&
        item(
          fullscreen.active ? 'Exit Full Screen' : 'Full Screen',
          fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
          fullscreen.toggle,
        )}
      {item('Subscriptions', <NotificationOutlined />, shell.openSubscriptions)}
      {item('Messages', <MessageOutlined />, shell.openMessages)}
      {item('Global Search', <SearchOutlined />, shell.openSearch)}
      {item('Logout', <LogoutOutlined />, () => navigate('/logout'))}
    </>
  );
}
