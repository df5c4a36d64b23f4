/** What the bench scripts that start the app themselves share: waiting for it, and signing in as the admin. */

/** Polls GET /api/health every 500 ms until the server answers, at most `tries` times. */
export async function waitForHealth(base: string, tries = 600): Promise<void> {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (i > tries) throw new Error('the server did not come up');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The demo System Admin's bearer header (user 101). */
export async function adminHeaders(base: string): Promise<{ authorization: string }> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: '101', password: '258036', tzo: 300 }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
