/** Spec 1 §2: development, QA and local hosts land on /new-home after login; the rest on /. */
export function isDevHost(hostname: string = window.location.hostname): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1') return true;
  return host.includes('dev') || host.includes('qa');
}

export function homePath(): string {
  return isDevHost() ? '/new-home' : '/';
}
