import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BuildOutlined,
  CalendarOutlined,
  CarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  ExclamationCircleOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FundOutlined,
  FunnelPlotOutlined,
  HistoryOutlined,
  IdcardOutlined,
  ImportOutlined,
  InboxOutlined,
  KeyOutlined,
  LikeOutlined,
  MailOutlined,
  MobileOutlined,
  NumberOutlined,
  PhoneOutlined,
  PlusCircleOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { TILES } from '@glass/domain/tiles';
import type { ComponentType, CSSProperties } from 'react';

// An explicit map of the catalogue's icons (packages/domain tiles.ts), not the whole icon set, keeps the
// home chunk small. An unknown name falls back to the catalogue icon of the tile's url, then a list icon.
const ICONS: Record<string, ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>> = {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BuildOutlined,
  CalendarOutlined,
  CarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  ExclamationCircleOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FundOutlined,
  FunnelPlotOutlined,
  HistoryOutlined,
  IdcardOutlined,
  ImportOutlined,
  InboxOutlined,
  KeyOutlined,
  LikeOutlined,
  MailOutlined,
  MobileOutlined,
  NumberOutlined,
  PhoneOutlined,
  PlusCircleOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
};

const FALLBACK = UnorderedListOutlined;

export function tileIcon(icon: string | null | undefined, url?: string) {
  const byName = icon ? ICONS[icon.trim()] : undefined;
  if (byName) return byName;
  const catalogue = url ? TILES.find((tile) => tile.url === url)?.icon : undefined;
  return (catalogue && ICONS[catalogue]) || FALLBACK;
}

/** Default export for React.lazy: the whole map is one chunk, loaded after the first paint. */
export default function TileIconGlyph({
  icon,
  url,
  size,
}: {
  icon?: string | null;
  url?: string;
  size?: number;
}) {
  const Icon = tileIcon(icon, url);
  return <Icon aria-hidden style={size ? { fontSize: size } : undefined} />;
}
