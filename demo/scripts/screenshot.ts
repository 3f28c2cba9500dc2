/**
 * Regenerates the README's playground screenshot (demo/playground.png): builds the
 * playground, auto-plays 12 turns of the default preset in headless Chromium, and saves what
 * a visitor sees at 1600 × 1000. Run: `npx tsx demo/scripts/screenshot.ts`.
 * @module
 */
import { fileURLToPath } from 'node:url';
import { buildDemo, launchChromium, serveDemo } from '../../test/e2e/support/demo-server.js';

const out = fileURLToPath(new URL('../playground.png', import.meta.url));

await buildDemo();
const server = await serveDemo();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, colorScheme: 'light' });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  await page.fill('.autoplay-count', '12');
  await page.click('[data-testid="autoplay"]');
  await page.waitForSelector('[data-testid="autoplay-progress"]:has-text("12 turns played")', { timeout: 120_000 });
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
