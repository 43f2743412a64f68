/**
 * `npm run screenshots`: pictures of each view of the explorer page on the bundled sample, at a
 * desktop width (1280) and a phone width (390), into docs/screenshots/<view>-<width>.png (the
 * docs/guide.md shows them). Needs a Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`).
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { findChromium, serveSample } from '../test/helpers/browser.ts';

const OUT = 'docs/screenshots';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Each view: its address, and what to do before the picture. */
const VIEWS: { name: string; hash: string; prepare?: (page: Page) => Promise<void> }[] = [
  {
    name: 'search',
    hash: '#/search?q=tiainen&lang=fi',
    prepare: async (page) => {
      await page.locator('#search-input').fill('');
      await page.locator('#search-input').pressSequentially('kettu', { delay: 20 });
      await page.waitForSelector('#suggestions:not([hidden]) [role="option"]');
      await page.locator('#search-input').press('ArrowDown');
    },
  },
  {
    name: 'taxon',
    hash: '#/taxon/MX.9000202?lang=en',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Show the children of Vulpes' }).click();
      await page.waitForSelector('ul.children ul li');
    },
  },
  { name: 'filter', hash: '#/filter?informalTaxonGroups=MVL.1&finnish=true&lang=en' },
  { name: 'versions', hash: '#/versions?from=MR.424&to=current&lang=en' },
];

const found = findChromium();
if ('missing' in found) {
  console.error(`No screenshots: ${found.missing}`);
  process.exit(1);
}
await mkdir(OUT, { recursive: true });
const served = await serveSample();
const browser = await chromium.launch({ executablePath: found.executablePath, headless: true });
try {
  for (const { name: width, viewport } of WIDTHS) {
    const page = await browser.newPage({ viewport });
    for (const view of VIEWS) {
      await page.goto('about:blank');
      await page.goto(`${served.origin}/${view.hash}`);
      await page.waitForSelector(`main[data-view="${/^#\/(\w+)/.exec(view.hash)?.[1]}"]:not([aria-busy])`);
      await view.prepare?.(page);
      const path = `${OUT}/${view.name}-${width}.png`;
      await page.screenshot({ path });
      console.log(path);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await served.app.close();
}
