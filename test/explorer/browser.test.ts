/**
 * The explorer page in a headless Chromium, against the app on the bundled sample with an access
 * token configured: every view used as a person would, its figures held to the API's answers,
 * shared addresses reloaded, a phone-sized screen, and no console error or page error anywhere.
 * Skipped, with the reason, where no Chromium is installed (`findChromium`).
 */
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { findChromium, SAMPLE_DIR, type ServedSample, serveSample } from '../helpers/browser.ts';
import { fixtureCopy, removeTempDirs } from '../helpers/data-dir.ts';

const found = findChromium();
const missing = 'missing' in found ? found.missing : undefined;
// The default reporter lists no test names of a file that did not fail: say why here too.
if (missing) console.warn(`the explorer in Chromium skipped: ${missing}`);

const TOKEN = 'explorer-token';
/** The sample, but the Arctic Fox's English name is markup, which the page must show as text. */
const MARKUP = '<img class="injected" src="x"> Arctic Fox';
const ARCTIC_FOX = 'MX.9000205';

async function sampleWithMarkup(): Promise<string> {
  const current = await readFile(join(SAMPLE_DIR, 'current.ndjson'), 'utf8');
  const changed = current.replace('"en":"Arctic Fox"', `"en":${JSON.stringify(MARKUP)}`);
  expect(changed).not.toBe(current);
  return fixtureCopy({ 'current.ndjson': changed }, SAMPLE_DIR);
}
const PHONE = { width: 390, height: 844 };

describe.skipIf(missing !== undefined)(`the explorer in Chromium${missing ? `: skipped — ${missing}` : ''}`, () => {
  let served: ServedSample;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** console errors and page errors, of every page of the context */
  const problems: string[] = [];
  /** the API requests the pages sent (not the page and its assets) */
  const apiRequests: { url: string; authorization: string | undefined }[] = [];

  const watch = (watched: Page) => {
    watched.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    watched.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    watched.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname !== '/' && !pathname.startsWith('/explorer/'))
        apiRequests.push({ url: request.url(), authorization: request.headers().authorization });
    });
    return watched;
  };

  /** The API's answer, asked as the page asks (with the token). */
  const apiAnswer = async (url: string, body?: object) => {
    const answer = await served.app.inject({
      method: body ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${TOKEN}` },
      ...(body ? { payload: body } : {}),
    });
    expect(answer.statusCode, url).toBe(200);
    return answer.json();
  };

  /** Shows the address `hash` and waits until its view is rendered. */
  const open = async (hash: string, on: Page = page) => {
    await on.goto(`${served.origin}/${hash}`);
    const view = /^#\/(\w+)/.exec(hash)?.[1] ?? 'search';
    await on.waitForSelector(`main[data-view="${view}"]:not([aria-busy])`);
  };

  /**
   * Types `text` into the emptied search box and waits for the suggestions of the whole text: the hits the
   * API answered for it, each an option.
   */
  const suggest = async (text: string, on: Page = page, delay = 0) => {
    const query = `query=${encodeURIComponent(text).replaceAll('%20', '+')}`;
    const answered = on.waitForResponse(
      (r) => r.url().includes('/autocomplete/taxa?') && r.url().includes(`${query}&`),
    );
    await on.locator('#search-input').fill('');
    await on.locator('#search-input').pressSequentially(text, { delay });
    const hits = (await (await answered).json()).results as unknown[];
    await on.waitForFunction(
      (count) => document.querySelectorAll('#suggestions:not([hidden]) [role="option"]').length === count,
      hits.length,
    );
    return hits;
  };

  const texts = (selector: string, on: Page = page) => on.locator(selector).allTextContents();

  beforeAll(async () => {
    served = await serveSample([TOKEN], await sampleWithMarkup());
    browser = await chromium.launch({
      executablePath: 'executablePath' in found ? found.executablePath : '',
      headless: true,
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = watch(await context.newPage());
    // The page keeps the token it is given in its address (the first test says how).
    await page.goto(`${served.origin}/?access_token=${TOKEN}#/search?lang=en`);
    await page.waitForSelector('main[data-view="search"]:not([aria-busy])');
  });
  afterAll(async () => {
    await browser?.close();
    await served?.app.close();
    await removeTempDirs();
  });
  afterEach(async () => {
    expect(problems).toEqual([]);
    expect(await page.locator('#message').isHidden(), 'an error shown on the page').toBe(true);
    expect(apiRequests.filter((request) => request.authorization !== `Bearer ${TOKEN}`)).toEqual([]);
  });

  it('takes the access token from its address, keeps it and takes it out of the address', async () => {
    expect(page.url()).toBe(`${served.origin}/#/search?lang=en`);
    expect(await page.evaluate(() => Object.values(window.localStorage))).toContain(TOKEN);
  });

  it('suggests names as one types, chosen with the keyboard, and shows the taxon with its lineage', async () => {
    await open('#/search?lang=en');
    const box = page.locator('#search-input');
    const before = apiRequests.length;
    const hits = await suggest('kettu');
    const options = page.getByRole('option');
    const typed = apiRequests.slice(before).filter((request) => request.url.includes('/autocomplete/taxa'));
    expect(typed.length, 'debounced: fewer requests than keystrokes').toBeLessThan(5);
    expect(typed.at(-1)?.url).toContain('query=kettu');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(hits).toEqual((await apiAnswer('/autocomplete/taxa?query=kettu&limit=10&lang=en')).results);
    expect(await options.first().textContent()).toContain('kettu');
    expect(await options.first().locator('.match').textContent()).toBe('exact');

    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe('suggestion-0');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).toBe(`suggestion-${hits.length - 1}`);
    await box.press('Escape');
    expect(await page.getByRole('listbox').isHidden()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // Enter with no suggestion chosen lists every hit of the query.
    await box.press('Enter');
    await page.waitForURL(/#\/search\?q=kettu/);
    await page.waitForSelector('main[data-view="search"]:not([aria-busy]) ol.hits');
    const found = (await apiAnswer('/taxa/search?query=kettu&limit=50&lang=en')).results;
    expect(await page.locator('ol.hits > li').count()).toBe(found.length);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/#\/taxon\/MX\.46587/);
    await page.waitForSelector('main[data-view="taxon"]:not([aria-busy])');

    expect(await page.locator('h1').textContent()).toContain('Red Fox');
    const lineage = await texts('nav[aria-label="Lineage"] li');
    const parents = (await apiAnswer('/taxa/MX.46587/parents')).results.map(
      (p: { scientificName: string }) => p.scientificName,
    );
    expect(lineage).toEqual([...parents, 'Vulpes vulpes']);
    expect(lineage).not.toContain('Caniformia');
    expect((await texts('table.names td')).join(' ')).toContain('rödräv');
    expect(await page.locator('.facts').textContent()).toContain('LC – Least Concern (2019)');
    // A status links to the taxa that share it.
    await page.locator('.facts').getByRole('link', { name: 'Mammals' }).click();
    await page.waitForURL(/#\/filter\?informalTaxonGroups=MVL\.2/);
    await page.waitForSelector('main[data-view="filter"]:not([aria-busy])');
    expect(await page.locator('#filter-informalTaxonGroups').inputValue()).toBe('MVL.2');
  });

  it('names ranks, statuses, habitats and types of occurrence by their labels in the chosen language', async () => {
    /** The label of `id` in `alt` as the API answers it in Finnish. */
    const label = async (alt: string, id: string) =>
      (await apiAnswer(`/metadata/alts/${alt}?lang=fi`)).results.find((value: { id: string }) => value.id === id)
        .value as string;
    await open('#/taxon/MX.46587?lang=fi');
    const species = await label('MX.taxonRankEnum', 'MX.species');
    expect(species).toBe('laji');
    expect(await page.locator('.rank-line').textContent()).toBe(`${species} · MX.46587`);
    const facts = page.locator('.facts');
    const fact = async (term: string) => facts.locator(`dt:text-is("${term}") + dd`).textContent();
    const leastConcern = await label('MX.iucnStatuses', 'MX.iucnLC');
    expect(await fact('Red list (Finland)')).toBe(`${leastConcern} (2019)`);
    expect(await fact('Red-list history')).toBe(`2019: ${leastConcern}, 2015: ${leastConcern}`);
    expect(await fact('Administrative statuses')).toBe(await label('MX.adminStatusEnum', 'MX.gameMammal'));
    expect(await fact('Primary habitat')).toBe(await label('MKV.habitatEnum', 'MKV.habitatM'));
    expect(await fact('Occurrence in Finland')).toBe(
      await label('MX.typeOfOccurrenceEnum', 'MX.typeOfOccurrenceStablePopulation'),
    );
    expect(await facts.textContent()).not.toMatch(/\b(MX|MKV)\.[a-z]/);
    expect(apiRequests.some((request) => request.url.includes('/metadata/alts/MX.taxonRankEnum?lang=fi'))).toBe(true);

    // A habitat links to the taxa of the same primary habitat, named there by its label too.
    await facts.getByRole('link', { name: await label('MKV.habitatEnum', 'MKV.habitatM') }).click();
    await page.waitForURL(/#\/filter\?habitat=MKV\.habitatM/);
    await page.waitForSelector('main[data-view="filter"]:not([aria-busy])');
    const habitat = page.locator('#filter-habitat');
    expect(await habitat.inputValue()).toBe('MKV.habitatM');
    expect(await habitat.locator('option:checked').textContent()).toMatch(/^M – Metsät \(\d+\)$/);
    const ranks = await page.locator('#filter-taxonRank option').allTextContents();
    expect(ranks).toContainEqual(expect.stringMatching(/^laji \(\d+\)$/));
    for (const select of ['redListStatus', 'habitat', 'administrativeStatus', 'taxonRank'])
      for (const option of await page.locator(`#filter-${select} option`).allTextContents())
        expect(option, select).not.toMatch(/^(MX|MKV)\.|^(habitat|iucn)/);
    expect(await page.locator('ol.results .badge').first().textContent()).toMatch(/^[A-Z]{2} – /);
  });

  it('keeps the suggestions closed once Enter has been pressed, even those asked for before', async () => {
    await open('#/search?lang=en');
    const box = page.locator('#search-input');
    await box.fill('');
    await box.pressSequentially('talitiainen');
    await box.press('Enter');
    await page.waitForURL(/q=talitiainen/);
    await page.waitForSelector('main[data-view="search"]:not([aria-busy]) ol.hits');
    await page.waitForTimeout(400); // past the debounce and a suggestion's answer
    expect(await page.getByRole('listbox').isHidden()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the names of every kind in every language, and the synonyms by kind', async () => {
    await open('#/taxon/MX.37812?lang=en');
    const taxon = await apiAnswer('/taxa/MX.37812?lang=multi');
    const rows = await page
      .locator('table.names tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    const list = (value: string | string[] | undefined) => [value ?? ''].flat().join(', ');
    expect(rows).toEqual(
      [
        ['Vernacular name', taxon.vernacularName],
        ['Alternative names', taxon.alternativeVernacularName],
        ['Obsolete names', taxon.obsoleteVernacularName],
      ].map(([heading, names]) => [heading, list(names.en), list(names.fi), list(names.sv)]),
    );
    const synonyms = page.locator('section:has(#synonyms-heading) dl');
    expect(await synonyms.locator('dt').allTextContents()).toEqual(['Basionyms', 'Heterotypic synonyms']);
    const named = (s: { scientificName: string; scientificNameAuthorship: string }) =>
      `${s.scientificName} ${s.scientificNameAuthorship}`;
    expect(await synonyms.locator('dd').allTextContents()).toEqual([
      taxon.basionyms.map(named).join(''),
      taxon.heterotypicSynonyms.map(named).join(''),
    ]);
  });

  it('follows the breadcrumb to a parent and expands a child into its own children', async () => {
    await open('#/taxon/MX.46587?lang=en');
    await page.locator('nav[aria-label="Lineage"]').getByRole('link', { name: 'Carnivora' }).click();
    await page.waitForURL(/#\/taxon\/MX\.9000196/);
    await page.waitForSelector('main[data-view="taxon"]:not([aria-busy]) h1:has-text("Carnivora")');
    const children = (await apiAnswer('/taxa/MX.9000196/children')).results;
    // The hidden suborder Caniformia is skipped and its families raised, as the API answers.
    expect(await page.locator('ul.children > li').count()).toBe(children.length);
    expect(await texts('ul.children > li > a')).toContainEqual(expect.stringContaining('Canidae'));

    const expand = page.getByRole('button', { name: 'Show the children of Canidae' });
    await expand.click();
    const nested = page.locator('ul.children > li:has(> a[href*="MX.9000202"]) > ul > li');
    await nested.first().waitFor();
    const grandchildren = (await apiAnswer('/taxa/MX.9000202/children')).results;
    expect(await nested.count()).toBe(grandchildren.length);
    expect(await nested.locator('a').allTextContents()).toContainEqual(expect.stringContaining('Vulpes'));
    expect(await expand.getAttribute('aria-expanded')).toBe('true');
    await expand.click();
    expect(await nested.first().isHidden()).toBe(true);
  });

  it('follows a taxon through the checklist versions to the comparison of a change', async () => {
    await open('#/taxon/MX.38676?lang=en');
    const { history } = await apiAnswer('/taxa/MX.38676/history');
    const steps = page.locator('ol.history > li');
    expect(await steps.count()).toBe(history.length);
    const changed = history.findIndex((step: { change?: unknown }) => step.change);
    expect(changed).toBeGreaterThan(0);
    const step = steps.nth(changed);
    expect(await step.locator('.badge').allTextContents()).toEqual(history[changed].change.changeTypes);
    expect(await step.locator('i').textContent()).toBe(history[changed].taxon.scientificName);
    await step.getByRole('link').click();
    const [from, to] = [history[changed - 1].version, history[changed].version];
    await page.waitForURL((url) => url.hash.startsWith(`#/versions?from=${from}&to=${to}&`));
    await page.waitForSelector('main[data-view="versions"]:not([aria-busy])');
    expect(await texts('table.changes tbody tr')).toContainEqual(expect.stringContaining('Lysimachia europaea'));
  });

  it('switches the answer language for the views and the suggestions', async () => {
    await open('#/taxon/MX.9000196?lang=en');
    await page.getByLabel('Language').selectOption('fi');
    await page.waitForURL(/lang=fi/);
    await page.waitForSelector('h1:has-text("petoeläimet")');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');
    const box = page.locator('#search-input');
    await suggest('Vulpes vulpes');
    expect(await page.getByRole('option').first().textContent()).toContain('(kettu)');
    expect(apiRequests.at(-1)?.url).toContain('lang=fi');
    await box.press('Escape');
  });

  it('counts and pages the taxa of the chosen filters, and links the download of the whole set', async () => {
    await open('#/filter?lang=en');
    await page.locator('#filter-informalTaxonGroups').selectOption('MVL.2');
    await page.waitForURL(/informalTaxonGroups=MVL\.2/);
    await page.waitForSelector('main:not([aria-busy]) #filter-finnish');
    await page.locator('#filter-finnish').selectOption('true');
    await page.waitForURL(/finnish=true/);
    await page.waitForSelector('main:not([aria-busy]) #download');

    const total = (await apiAnswer('/taxa?informalTaxonGroups=MVL.2&finnish=true&pageSize=0')).total;
    expect(total).toBeGreaterThan(20);
    expect(await page.locator('#filter-count').textContent()).toBe(String(total));
    expect(await page.locator('ol.results > li').count()).toBe(20);
    const download = new URL(String(await page.locator('#download').getAttribute('href')));
    expect(download.origin + download.pathname).toBe(`${served.origin}/taxa/export`);
    expect(Object.fromEntries(download.searchParams)).toEqual({
      format: 'csv',
      informalTaxonGroups: 'MVL.2',
      finnish: 'true',
      selectedFields:
        'id,scientificName,scientificNameAuthorship,vernacularName,taxonRank,latestRedListStatusFinland.status,informalTaxonGroups',
      lang: 'en',
      access_token: TOKEN,
    });
    await page.locator('#export-format').selectOption('ndjson');
    await page.waitForURL(/format=ndjson/);
    await page.waitForSelector('main:not([aria-busy]) #download[href*="format=ndjson"]');

    await page.getByRole('link', { name: 'next →' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForSelector('main:not([aria-busy]) ol.results[start="21"]');
    expect(await page.locator('ol.results > li').count()).toBe(Math.min(20, total - 20));

    await page.locator('#filter-redListStatus').selectOption('MX.iucnLC');
    await page.waitForURL(/redListStatus=MX\.iucnLC/);
    await page.waitForSelector('main:not([aria-busy]) button#download');
    const body = { informalTaxonGroups: 'MVL.2', finnish: true, 'latestRedListStatusFinland.status': 'MX.iucnLC' };
    const narrowed = (await apiAnswer('/taxa?pageSize=0', body)).total;
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(total);
    expect(await page.locator('#filter-count').textContent()).toBe(String(narrowed));
    // GET /taxa takes no red-list parameter: the page posts the filter body for the download.
    expect(await page.locator('#download').evaluate((element) => element.tagName)).toBe('BUTTON');
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#download').click()]);
    expect(file.suggestedFilename()).toBe('taxa-current.ndjson');
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(narrowed);
    for (const line of lines) expect(JSON.parse(line).latestRedListStatusFinland.status).toBe('MX.iucnLC');
    expect(page.url()).not.toContain('page=2');
  });

  it('compares two versions: a bar per kind of change and the changes page by page', async () => {
    await open('#/versions?from=MR.424&to=current&lang=en');
    const summary = (await apiAnswer('/taxa/changes/aggregate?from=MR.424&to=current&aggregateBy=changeTypes'))
      .changeTypes as { values: { changeTypes: string }; count: number }[];
    const counts = Object.fromEntries(summary.map((row) => [row.values.changeTypes, row.count]));
    const bars = page.locator('ul.bars > li');
    expect(await bars.count()).toBe(5);
    for (const row of await bars.all()) {
      const kind = String(await row.getAttribute('data-change-type'));
      expect(await row.locator('.bar-count').textContent(), kind).toBe(String(counts[kind] ?? 0));
    }
    const widest = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
    const widths = await bars
      .locator('.bar')
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().width));
    expect(Math.max(...widths)).toBe(widths[['added', 'removed', 'renamed', 'moved', 'changed'].indexOf(widest)]);

    const changes = await apiAnswer('/taxa/changes?from=MR.424&to=current&pageSize=20');
    expect(await page.locator('table.changes tbody tr').count()).toBe(changes.results.length);
    expect(await page.locator('.page-of').textContent()).toBe(`page 1 of ${changes.lastPage}`);
    await page.getByRole('link', { name: 'next →' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForSelector('main:not([aria-busy]) .page-of:has-text("page 2")');
    const second = await apiAnswer('/taxa/changes?from=MR.424&to=current&pageSize=20&page=2');
    expect(await page.locator('table.changes tbody tr').count()).toBe(second.results.length);

    await bars.locator('a:has-text("renamed")').click();
    await page.waitForURL(/changeType=renamed/);
    await page.waitForSelector('main:not([aria-busy]) h2:has-text("Taxa renamed")');
    const renamed = await apiAnswer('/taxa/changes?from=MR.424&to=current&changeType=renamed');
    expect(renamed.total).toBe(counts.renamed);
    expect(await page.locator('table.changes tbody tr').count()).toBe(renamed.total);
    expect(await page.locator('table.changes .badge').allTextContents()).toContain('renamed');
    expect(await bars.locator('a[aria-current="true"]').textContent()).toContain('renamed');
    expect(page.url()).not.toContain('page=');

    await page.locator('#version-from').selectOption('MR.427');
    await page.waitForURL(/from=MR\.427/);
    await page.waitForSelector('main:not([aria-busy]) .page-of:has-text("page 1")');
    const older = await apiAnswer('/taxa/changes?from=MR.427&to=current&pageSize=0');
    expect(await page.locator('h2').first().textContent()).toBe(`Changed taxa (${older.total})`);
  });

  it('restores a shared address on reload and in a new page', async () => {
    await open('#/versions?from=MR.424&to=current&page=2&lang=en');
    const rows = await texts('table.changes tbody tr');
    await page.reload();
    await page.waitForSelector('main[data-view="versions"]:not([aria-busy])');
    expect(await texts('table.changes tbody tr')).toEqual(rows);
    expect(await page.locator('#version-from').inputValue()).toBe('MR.424');

    const other = watch(await context.newPage());
    await open('#/filter?informalTaxonGroups=MVL.2&page=2&lang=sv', other);
    expect(await other.locator('#filter-informalTaxonGroups').inputValue()).toBe('MVL.2');
    expect(await other.locator('ol.results').getAttribute('start')).toBe('21');
    expect(await other.getByLabel('Language').inputValue()).toBe('sv');
    await open('#/search?q=kettu&lang=en', other);
    expect(await other.locator('#search-input').inputValue()).toBe('kettu');
    expect(await texts('ol.hits > li', other)).toContainEqual(expect.stringContaining('Vulpes vulpes'));
    await open('#/taxon/MX.46587?lang=fi', other);
    expect(await other.locator('h1').textContent()).toContain('kettu');
    await other.close();
  });

  it('shows the text of the data as text, never as markup', async () => {
    await open(`#/taxon/${ARCTIC_FOX}?lang=en`);
    expect(await page.locator('h1').textContent()).toContain(MARKUP);
    await suggest('naali');
    expect(await page.getByRole('option').first().textContent()).toContain(`(${MARKUP})`);
    await page.locator('#search-input').press('Escape');
    await open('#/versions?from=MR.424&to=current&lang=en');
    expect(await page.locator('table.changes').textContent()).toContain(MARKUP);
    expect(await page.locator('.injected').count()).toBe(0);
  });

  it('asks for a token when it has none, and uses the one entered', async () => {
    const fresh = await browser.newContext();
    const alone = await fresh.newPage();
    const refusals: string[] = [];
    alone.on('console', (message) => {
      if (message.type() === 'error') refusals.push(message.text());
    });
    alone.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    await alone.goto(`${served.origin}/#/taxon/MX.46587?lang=en`);
    const message = alone.locator('#message');
    await message.waitFor();
    expect(await message.textContent()).toBe(
      'An access token is required: enter an access token (Access token, above).',
    );
    expect(await alone.locator('details#token').getAttribute('open')).toBe('');
    // The browser reports each refused request in its console; nothing else may appear there.
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.filter((text) => !text.includes('status of 401'))).toEqual([]);
    await alone.locator('#token-input').fill(TOKEN);
    await alone.getByRole('button', { name: 'Save' }).click();
    await alone.waitForSelector('main[data-view="taxon"]:not([aria-busy]) h1:has-text("Red Fox")');
    expect(await message.isHidden()).toBe(true);
    await fresh.close();
  });

  it("shows the API's error message for an address it refuses, and the view again once the address is right", async () => {
    const other = await context.newPage();
    other.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    await other.goto(`${served.origin}/#/taxon/MX.0?lang=en`);
    const message = other.locator('#message');
    await message.waitFor();
    expect(await message.textContent()).toBe(
      (await served.app.inject({ url: '/taxa/MX.0', headers: { authorization: `Bearer ${TOKEN}` } })).json().message,
    );
    await other.goto(`${served.origin}/#/taxon/%E0?lang=en`);
    await other.waitForFunction(() => document.getElementById('message')?.textContent?.includes('%E0'));
    await other.goto(`${served.origin}/#/taxon/MX.46587?lang=en`);
    await other.waitForSelector('main[data-view="taxon"]:not([aria-busy]) h1:has-text("Red Fox")');
    expect(await message.isHidden()).toBe(true);
    await other.close();
  });

  it('fits a phone-sized screen: no view is wider than 390 pixels', async () => {
    const phone = watch(await context.newPage());
    await phone.setViewportSize(PHONE);
    for (const hash of [
      '#/search?q=parus&lang=en',
      '#/taxon/MX.46587?lang=en',
      '#/filter?informalTaxonGroups=MVL.1&lang=en',
      '#/versions?from=MR.424&to=current&lang=en',
    ]) {
      await open(hash, phone);
      const [scrollWidth, clientWidth] = await phone.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(clientWidth, hash).toBe(PHONE.width);
      expect(scrollWidth, hash).toBeLessThanOrEqual(PHONE.width);
    }
    await suggest('Parus major', phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.close();
  });
});
