import { lazy, type PropsWithChildren, Suspense } from 'react';

// antd's ConfigProvider imports its tooltip UniqueProvider (and with it the whole popup engine,
// @rc-component/trigger and portal, ~9 KB gzip) for `tooltip={{ unique: true }}`, which this app does not
// set. vite.config.ts points ConfigProvider's import here, so the first screen does not pay for it; should
// a ConfigProvider ever set it, the real provider loads on first use.
const Real = lazy(() => import('antd/es/tooltip/UniqueProvider'));

export default function TooltipUniqueProvider({ children }: PropsWithChildren) {
  return (
    <Suspense fallback={children}>
      <Real>{children}</Real>
    </Suspense>
  );
}
