/**
 * A request path as the router understands it, however it is spelled: percent-encoded letters (decoded up
 * to three times, so doubled encoding too), doubled slashes or backslashes, `.` and `..` segments, `;`
 * parameters glued to a segment (`/api;x/users`), and full-width or other compatibility forms of letters
 * (NFKC: `／ａｐｉ` is `/api`). Lower-cased. Whoever decides something from a path (is it the API, an
 * asset, a customer page; what the log may show) decides on this, never on the raw text.
 */
export function normalisedSegments(url: string): string[] {
  let p = url.split('?')[0] ?? '';
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      break;
    }
    if (decoded === p) break;
    p = decoded;
  }
  p = p.normalize('NFKC');
  const segments: string[] = [];
  for (const raw of p.replaceAll('\\', '/').split('/')) {
    const segment = raw.split(';')[0] ?? '';
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return segments;
}

/** The normalised path: `/` and the segments (normalisedSegments). */
export const normalisedPath = (url: string) => `/${normalisedSegments(url).join('/')}`;

/**
 * The customers' pages (spec 2 §2): the web app serves them, the link's secret is the segment after the
 * page's name (an approval's guid, an opt-in hash; an initiate link carries an invoice id there and its
 * token in `?t=`).
 */
export const CUSTOMER_PAGES = ['sign-approval', 'sign-initiate', 'customer-opt-in'] as const;

/** Whether a request is for a customer page or its API (`/api/public/…`), however the path is spelled. */
export function isCustomerPath(url: string): boolean {
  const [first, second] = normalisedSegments(url);
  return (
    (CUSTOMER_PAGES as readonly (string | undefined)[]).includes(first) ||
    (first === 'api' && second === 'public')
  );
}
