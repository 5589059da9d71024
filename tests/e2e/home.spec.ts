// The home page as a visitor meets it: a hero of featured movies that stops moving while looked at, rows that
// scroll sideways with the keyboard and the buttons, "see all" to the landing, and a card that opens the movie.
import { expect, test as base, type Movie, type Term } from './fixtures.ts';
import { open, uniqueStamp, uploadImage } from './helpers.ts';

/** A type that sorts first, twelve published movies in it (two featured, the first with a backdrop), a draft. */
type Catalogue = { stamp: string; type: Term; featured: Movie; created: Movie[] };

const test = base.extend<{ catalogue: Catalogue }>({
  catalogue: async ({ adminApi, createTerm, createMovie, createEpisode }, provide) => {
    const stamp = uniqueStamp();
    const type = await createTerm('type', { name: `Phim Bộ Hàn ${stamp}`, order: -100_000 });
    const backdrop = await uploadImage(adminApi, 'backdrop.png');
    const titles = Array.from({ length: 12 }, (_, i) => `Hạ Cánh Nơi Anh Phần ${i + 1} ${stamp}`);
    const created: Movie[] = [];
    for (const [index, title] of titles.entries())
      created.push(
        await createMovie({
          title,
          original_title: `Crash Landing on You ${index + 1}`,
          type_id: type.id,
          published: true,
          quality: 'FHD',
          languages: ['Vietsub'],
          year: 2020 + (index % 5),
          description: '<p>Một nữ thừa kế Hàn Quốc lạc sang bên kia biên giới.</p>',
          // Two featured, so the hero has dots to choose from; the first has a backdrop (and leads).
          ...(index === 0 ? { featured: true, backdrop } : index === 1 ? { featured: true } : {}),
        }),
      );
    await createMovie({
      title: `Bản Nháp ${stamp}`,
      type_id: type.id,
      featured: true,
      published: false,
    });
    const featured = created[0]!;
    await createEpisode(featured, {
      name: 'Tập 1',
      source_url: 'https://cdn.example/tap-1/master.m3u8',
    });
    await provide({ stamp, type, featured, created });
  },
});

test.use({ locale: 'en-US' });

test('a visitor sees the hero and rows, scrolls a row with the keyboard, and opens a movie', async ({
  page,
  catalogue,
}) => {
  const { stamp, type, featured, created } = catalogue;
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/');
  await expect(page).toHaveTitle('Home | Phim');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cinema, everywhere');

  // The hero: the featured movie with its badges and both buttons; the draft never shows.
  const hero = page.getByTestId('hero');
  await expect(hero).toBeVisible();
  await hero.getByRole('button', { name: new RegExp(featured.title) }).click();
  const slide = hero.locator('[data-active="true"]');
  await expect(slide.getByRole('heading', { level: 2 })).toHaveText(featured.title);
  await expect(slide).toContainText('Crash Landing on You 1');
  await expect(slide).toContainText('FHD');
  await expect(slide.getByRole('link', { name: 'Watch now' })).toHaveAttribute(
    'href',
    `/watch/${featured.slug}/tap-1`,
  );
  await expect(slide.getByRole('link', { name: 'Details' })).toHaveAttribute(
    'href',
    `/watch/${featured.slug}`,
  );
  await expect(page.getByText(`Bản Nháp ${stamp}`)).toHaveCount(0);

  // It moves by itself, but stands still while focused or hovered, and the pause button holds it.
  await expect(hero).toHaveAttribute('data-running', 'false'); // the dot just clicked has focus
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(5, 895);
  await expect(hero).toHaveAttribute('data-running', 'true');
  await hero.hover();
  await expect(hero).toHaveAttribute('data-running', 'false');
  await hero.getByRole('button', { name: 'Pause the slideshow' }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(5, 895);
  await expect(hero.getByRole('button', { name: 'Play the slideshow' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(hero).toHaveAttribute('data-running', 'false');

  // The row of the type: its "see all" goes to the type's landing.
  const row = page.getByRole('region', { name: type.name });
  await expect(row.getByRole('link', { name: `See all: ${type.name}` })).toHaveAttribute(
    'href',
    `/${type.slug}`,
  );
  // The page came with the first ten cards of the row; the rest come as it nears the screen (decision 060).
  const cards = row.getByTestId('movie-card');
  await row.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  await expect(cards).toHaveCount(12);
  const list = row.getByRole('list');
  const scrollLeft = () => list.evaluate((node) => node.scrollLeft);
  expect(await scrollLeft()).toBe(0);

  // Arrow keys walk the cards and scroll the row along; End jumps to the last one.
  await cards.first().focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expect(cards.nth(7)).toBeFocused();
  await expect(cards.nth(7)).toBeInViewport({ ratio: 0.9 });
  await expect.poll(scrollLeft).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect(cards.nth(11)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cards.first()).toBeFocused();
  await expect.poll(scrollLeft).toBe(0);

  // The buttons page through it too.
  const next = row.getByRole('button', { name: `Scroll on: ${type.name}` });
  const previous = row.getByRole('button', { name: `Scroll back: ${type.name}` });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect.poll(scrollLeft).toBeGreaterThan(0);
  await expect(previous).toBeEnabled();

  // Enter on a card opens that movie.
  const card = cards.nth(2);
  const href = (await card.getAttribute('href'))!;
  const picked = created.find((movie) => href === `/watch/${movie.slug}`);
  expect(picked).toBeTruthy();
  // A click with Ctrl is the browser's: a new tab, as with any link.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    card.click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(tab).toHaveURL(new RegExp(`${href}$`));
  await tab.close();
  await expect(page).toHaveURL('/');
  // The app follows a card in place (decision 060: a plain anchor, the page's one handler): no reload.
  const marked = () => page.evaluate(() => (window as { stayed?: boolean }).stayed === true);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(picked!.title);
  expect(await marked()).toBe(true);
});

test('with reduced motion the hero does not move by itself', async ({ page, createMovie }) => {
  // Two featured movies: with one slide the hero would stand still anyway.
  for (let i = 0; i < 2; i += 1) await createMovie({ published: true, featured: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/');
  const hero = page.getByTestId('hero');
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute('data-running', 'false');
  await expect(hero.getByRole('button', { name: 'Pause the slideshow' })).toHaveCount(0);
});
