/*
 * The theme tokens as CSS custom properties, without antd: vite.config.ts writes them into index.html at
 * build time (so the sign-in page has the theme's colours before any script), and ThemeVars writes the same
 * names from antd's live tokens once the app runs.
 */
/**
 * The antd theme tokens our own style sheets use, published as CSS custom properties on the document
 * (`var(--gs-color-border)` …), so no style sheet hard-codes a colour: change the theme (theme.ts)
 * and every screen follows. antd's own CSS variables live on its components, not the document.
 */
export const TOKEN_VARS = {
  '--gs-color-primary': 'colorPrimary',
  '--gs-color-primary-bg': 'colorPrimaryBg',
  '--gs-color-primary-border': 'colorPrimaryBorder',
  '--gs-color-primary-hover': 'colorPrimaryHover',
  '--gs-color-link': 'colorLink',
  '--gs-color-text': 'colorText',
  '--gs-color-text-secondary': 'colorTextSecondary',
  '--gs-color-text-light-solid': 'colorTextLightSolid',
  '--gs-color-text-placeholder': 'colorTextPlaceholder',
  '--gs-color-icon': 'colorIcon',
  '--gs-color-bg-container': 'colorBgContainer',
  '--gs-color-bg-layout': 'colorBgLayout',
  '--gs-color-fill-tertiary': 'colorFillTertiary',
  '--gs-color-fill-quaternary': 'colorFillQuaternary',
  '--gs-color-fill-alter': 'colorFillAlter',
  '--gs-color-bg-disabled': 'colorBgContainerDisabled',
  '--gs-color-border': 'colorBorder',
  '--gs-color-border-secondary': 'colorBorderSecondary',
  '--gs-color-split': 'colorSplit',
  '--gs-color-error': 'colorError',
  '--gs-color-error-bg': 'colorErrorBg',
  '--gs-color-error-text': 'colorErrorText',
  '--gs-color-success': 'colorSuccess',
  '--gs-color-success-bg': 'colorSuccessBg',
  '--gs-color-success-text': 'colorSuccessText',
  '--gs-color-warning': 'colorWarning',
  '--gs-color-warning-text': 'colorWarningText',
  '--gs-color-warning-bg': 'colorWarningBg',
  '--gs-color-warning-border': 'colorWarningBorder',
  '--gs-color-info': 'colorInfo',
  '--gs-color-info-bg': 'colorInfoBg',
  '--gs-color-info-text': 'colorInfoText',
  '--gs-control-outline': 'controlOutline',
  '--gs-box-shadow': 'boxShadowTertiary',
  '--gs-radius': 'borderRadius',
  // The sign-in page draws its own fields and button (features/login/login-screen.tsx) in antd's large size.
  '--gs-color-primary-active': 'colorPrimaryActive',
  '--gs-color-error-border': 'colorErrorBorder',
  '--gs-color-text-disabled': 'colorTextDisabled',
  '--gs-radius-lg': 'borderRadiusLG',
  '--gs-control-height-lg': 'controlHeightLG',
  '--gs-font-size-lg': 'fontSizeLG',
  '--gs-font-size-xl': 'fontSizeXL',
  '--gs-font-size-heading-3': 'fontSizeHeading3',
} as const;

type TokenName = (typeof TOKEN_VARS)[keyof typeof TOKEN_VARS];

/** The CSS declarations of the current theme's tokens. */
export function tokenVars(token: Record<TokenName, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(TOKEN_VARS).map(([name, key]) => {
      const value = token[key];
      return [name, typeof value === 'number' ? `${value}px` : String(value)];
    }),
  );
}
