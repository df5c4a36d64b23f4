import { Space, Switch } from 'antd';
import type { usePageSwitches } from './use-page-switches';

/** The Repairs and Replacements switches of a tab (saved as the user's YES/NO page attributes). */
export function PageSwitchBar({ switches }: { switches: ReturnType<typeof usePageSwitches> }) {
  return (
    <>
      {(['Repairs', 'Replacements'] as const).map((name) => (
        <Space key={name} size={4}>
          <Switch
            size="small"
            checked={name === 'Repairs' ? switches.repairs : switches.replacements}
            disabled={!switches.ready}
            onChange={(on) => void switches.set(name, on)}
            aria-label={name}
          />
          <span aria-hidden>{name}</span>
        </Space>
      ))}
    </>
  );
}
