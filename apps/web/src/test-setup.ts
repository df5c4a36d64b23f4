import { configure } from '@testing-library/react';

// The web's unit tests (vitest.config.ts, project "web"). CI runs them beside the server's tests on two cores, where
// an antd form's validation can take longer than Testing Library's default second before its message shows; five
// seconds is a guard against a hang, not a speed check (the test's own timeout is 20 s).
configure({ asyncUtilTimeout: 5000 });
