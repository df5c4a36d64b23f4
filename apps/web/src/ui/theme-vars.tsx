// The token hook alone: antd's `theme` export also brings the dark and compact algorithms to the first screen.
import useToken from 'antd/es/theme/useToken';
import { useLayoutEffect } from 'react';
import { tokenVars } from './theme-token-vars';

export { TOKEN_VARS, tokenVars } from './theme-token-vars';

/** Mount once inside the ConfigProvider: writes the token variables on <html>. */
export function ThemeVars() {
  const [, token] = useToken();
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(tokenVars(token as never))) style.setProperty(name, value);
  }, [token]);
  return null;
}
