/**
 * WebKit: Debian's WebKitGTK through its WebDriver (webkit2gtk-driver's WebKitWebDriver, which starts
 * WebKitGTK's MiniBrowser), driven with selenium-webdriver. WebKitGTK has no headless mode: it draws on a
 * virtual X display (Xvfb, Debian's xvfb) that this module starts and stops.
 *
 * 375 px: MiniBrowser's toolbar keeps its window at least 447 px wide with the default GTK theme, so the
 * browser gets a GTK style sheet of its own (a temporary XDG_CONFIG_HOME) that shrinks the toolbar to a
 * sliver; the window is then sized so the page is 375 × 812 CSS pixels at a device pixel ratio of 1. (Zooming
 * instead, with GDK_DPI_SCALE, lays the page out at 375 px too, but WebKitGTK's WebDriver then clicks at
 * unzoomed coordinates, beside the element.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import type { Phone } from './phone';

const DRIVER = process.env.WEBKIT_WEBDRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const PHONE = { width: 375, height: 812 };

export function webkitMissing(): string | null {
  for (const [file, pkg] of [
    [DRIVER, 'webkit2gtk-driver'],
    [MINIBROWSER, 'webkit2gtk-driver'],
    ['/usr/bin/Xvfb', 'xvfb'],
  ]) {
    if (!fs.existsSync(file)) return `${file} is missing: sudo apt-get install -y ${pkg}`;
  }
  return null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** GTK style for MiniBrowser's window (not the page: WebKit draws web content with its own style). */
const TOOLBAR_SLIVER =
  '* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; -gtk-icon-transform: scale(0.3); }\n';

/** Xvfb on the first free display number (-displayfd writes it), and WebKitWebDriver on a free port. */
export async function launchWebKit(baseURL: string) {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '800x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
    (xvfb.stdio[3] as NodeJS.ReadableStream).once('data', (d) => resolve(String(d).trim()));
  });
  const port = await freePort();
  // The browser's own configuration, data and cache folders (removed at the end); its GTK style sheet.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'webkit-phone-'));
  fs.mkdirSync(path.join(home, 'config', 'gtk-3.0'), { recursive: true });
  fs.writeFileSync(path.join(home, 'config', 'gtk-3.0', 'gtk.css'), TOOLBAR_SLIVER);
  const driver: ChildProcess = spawn(DRIVER, [`--port=${port}`], {
    env: {
      ...process.env,
      DISPLAY: `:${display}`,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CACHE_HOME: path.join(home, 'cache'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const server = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${server}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error(`WebKitWebDriver did not answer on ${server}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    /** A new browser (a WebDriver session: its own empty profile), at 375 × 812 CSS pixels. */
    async newPhone(): Promise<Phone> {
      const session = await new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        })
        .build();
      await fitPhone(session);
      return webkitPhone(session, server, baseURL);
    },
    async close() {
      const exited = (p: ChildProcess) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) resolve();
          else p.once('exit', () => resolve());
        });
      driver.kill('SIGTERM');
      xvfb.kill('SIGTERM');
      await Promise.race([
        Promise.all([exited(driver), exited(xvfb)]),
        new Promise((r) => setTimeout(r, 5000)),
      ]);
      // The browser's own processes can still be writing their caches as they exit (CI once met ENOTEMPTY on
      // cache/mesa_shader_cache): the removal is retried, and a folder left behind in the temporary directory
      // is said, not a failure of the run.
      try {
        fs.rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (err) {
        console.warn(`WebKit's temporary folder ${home} was not removed: ${(err as Error).message}`);
      }
    },
  };
}

/** Sizes the window so the page is 375 × 812 CSS pixels (the toolbar's height is measured, not assumed). */
async function fitPhone(session: WebDriver) {
  let rect = { width: PHONE.width, height: PHONE.height + 20 };
  for (let attempt = 0; attempt < 4; attempt++) {
    await session.manage().window().setRect(rect);
    let inner = [0, 0];
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 50));
      inner = await session.executeScript<number[]>('return [innerWidth, innerHeight, devicePixelRatio]');
      if (inner[0] === PHONE.width && inner[1] === PHONE.height && inner[2] === 1) return;
    }
    rect = { width: rect.width + PHONE.width - inner[0], height: rect.height + PHONE.height - inner[1] };
  }
  const inner = await session.executeScript<number[]>('return [innerWidth, innerHeight]');
  throw new Error(
    `WebKit: the page is ${inner.join(' × ')} CSS pixels, not ${PHONE.width} × ${PHONE.height}`,
  );
}

/** A WebDriver command that has not answered in 20 s fails, naming what it was (a hang is not a test). */
function bounded<T>(what: string, command: Promise<T>, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WebKit: ${what} did not answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([command, late]).finally(() => clearTimeout(timer));
}

function webkitPhone(session: WebDriver, server: string, baseURL: string): Phone {
  const element = async (expression: string) => {
    const el = await session.executeScript<WebElement | null>(`return ${expression}`);
    if (!el) throw new Error(`no element for ${expression.slice(-200)}`);
    return el;
  };
  return {
    engine: 'webkit',
    goto: (path) => bounded(`opening ${path}`, session.get(new URL(path, baseURL).href)),
    evaluate: <T>(expression: string) =>
      bounded('a script in the page', session.executeScript<T>(`return ${expression}`)),
    tapElement: (expression) => bounded('a tap', (async () => (await element(expression)).click())()),
    typeInto: (expression, text) =>
      bounded(
        `typing ${JSON.stringify(text)}`,
        (async () => {
          const el = await element(expression);
          await el.click();
          await el.sendKeys(text);
        })(),
      ),
    async stroke(points) {
      // A touch pointer, as the W3C actions define it (sent as is: the client's typings know only the mouse);
      // WebKitGTK's driver turns it into mouse input.
      const id = (await session.getSession()).getId();
      const move = (p: { x: number; y: number }, duration: number) => ({
        type: 'pointerMove',
        origin: 'viewport',
        duration,
        ...p,
      });
      const res = await fetch(`${server}/session/${id}/actions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          actions: [
            {
              type: 'pointer',
              id: 'finger',
              parameters: { pointerType: 'touch' },
              actions: [
                move(points[0], 0),
                { type: 'pointerDown', button: 0 },
                ...points.slice(1).map((p) => move(p, 20)),
                { type: 'pointerUp', button: 0 },
              ],
            },
          ],
        }),
      });
      if (!res.ok) throw new Error(`WebKit: the touch stroke failed: ${res.status} ${await res.text()}`);
      await fetch(`${server}/session/${id}/actions`, { method: 'DELETE' });
    },
    async screenshot(file) {
      fs.writeFileSync(file, Buffer.from(await session.takeScreenshot(), 'base64'));
    },
    async close() {
      await session.quit();
    },
  };
}
