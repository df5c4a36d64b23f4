// The phone shell's styles after the day is drawn (phone-app.tsx, decision 0034): the day's components again with
// the status dialog's and the toasts', so antd finds them all in the map it reads again here (vite.config.ts).
import 'virtual:antd-phone-styles.css';
import './phone-later-antd-overrides.css';
import { rereadAntdStyleMap } from './ui/antd-style-map';

rereadAntdStyleMap();
