// Throw-away: screenshots of the Report Manager (not committed).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { test } from './fixtures.ts';
import { open, uniqueStamp } from './helpers.ts';

async function sql(text: string, values: unknown[] = []) {
  const dataDir = process.env.PHIM_E2E_DATA_DIR!;
  const { pgPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

test('shots', async ({ asAdmin: page, createMovie, createEpisode, insertNewUser }) => {
  test.setTimeout(120_000);
  const dir = '/tmp/shots-reports';
  await open(page, '/vnwa/movie/reports');
  await page.screenshot({ path: `${dir}/empty-1440.png` });
  const stamp = uniqueStamp(4);
  const long = await createMovie({
    title: `Người Phán Xử: Những Ngày Cuối Cùng Của Một Đế Chế Ngầm Ở Sài Gòn ${stamp}`,
    published: true,
  });
  const short = await createMovie({ title: `Mắt Biếc ${stamp}`, published: true });
  const e1 = await createEpisode(long, { name: 'Tập 12' });
  const e2 = await createEpisode(short, { name: 'Tập 1' });
  const viewer = await insertNewUser({ name: 'Nguyễn Thị Thanh Hương Giang' });
  const rows: Array<[number, number, string, string, string, string | null]> = [
    [long.id, e1.id, 'wont_play', 'Màn hình đen, không có tiếng, thử cả Chrome và Firefox trên điện thoại đều không xem được từ phút thứ 12 trở đi. Mong admin sửa sớm giúp em ạ.', 'open', viewer.id],
    [short.id, e2.id, 'subtitles', 'Phụ đề lệch 2 giây', 'in_progress', null],
    [long.id, e1.id, 'wrong_episode', '', 'resolved', null],
    [short.id, e2.id, 'audio_video', 'Tiếng và hình không khớp', 'dismissed', viewer.id],
    [short.id, e2.id, 'other', '', 'open', null],
  ];
  const [admin] = await sql(`select id from users where email = 'admin@phim.test'`);
  for (const [m, e, reason, message, status, user] of rows)
    await sql(
      `insert into reports (movie_id, episode_id, reason, message, status, user_id, closed_at, closed_by) values ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [m, e, reason, message, status, user, status === 'open' ? null : new Date(), status === 'open' ? null : admin.id],
    );
  for (const width of [1440, 360]) {
    for (const mode of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.emulateMedia({ colorScheme: mode });
      await page.evaluate((m) => localStorage.setItem('nuxt-color-mode', m), mode);
      await open(page, `/vnwa/movie/reports?search=${stamp}`);
      await page.screenshot({ path: `${dir}/list-${width}-${mode}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('checkbox').nth(2).check();
  await page.screenshot({ path: `${dir}/bulk-1440.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click().catch(() => undefined);
  await page.screenshot({ path: `${dir}/drawer-360.png` });
  await sql(`delete from reports where movie_id in ($1, $2)`, [long.id, short.id]);
});
