// The catalogue benchmark's data: 100,000 movies and 1,000,000 episodes written by a few INSERT ... SELECT
// statements (seconds, not the hours the services would take one by one), with Vietnamese titles from word lists.
import type pg from 'pg';
import { foldForSearch, slugify } from '#shared/text.ts';

export const CATALOG_MOVIES = Number(process.env.BENCH_MOVIES ?? 100_000);
/** Series get this many episodes each and films one: 45 % series makes about 1,000,000 episodes at 100,000. */
const SERIES_EPISODES = 21;
const SERIES_SHARE = 45;

/** Words of Vietnamese film titles, with their diacritics: titles are 2 to 5 of them. */
const VI_WORDS = (
  'Người Nhện Đất Rừng Phương Nam Hạ Cánh Nơi Anh Tình Yêu Bí Mật Thành Phố Đêm Trăng Huyền Thoại Chiến Binh ' +
  'Sát Thủ Cuộc Vương Quốc Ma Cà Rồng Lửa Biển Sâu Hoàng Hậu Kiếm Khách Giang Hồ Mùa Hè Năm Ấy Cô Gái Chàng Trai ' +
  'Định Mệnh Báo Thù Gia Đình Ngôi Nhà Hạnh Phúc Trở Về Quá Khứ Tương Lai Thời Gian Ký Ức Bóng Tối Ánh Sáng ' +
  'Truy Tìm Kho Báu Đảo Hải Tặc Siêu Nhân Học Đường Tuổi Trẻ Bão Tố Sông Núi Mặt Trời Hoa Vàng Cỏ Xanh ' +
  'Người Thừa Kế Đế Chế Thần Tượng Điệp Vụ Tử Thần Bác Sĩ Luật Sư Cảnh Sát Đặc Vụ Ngầm Trùm Cuối Phù Thủy ' +
  'Rực Rỡ Lặng Im Dữ Dội Bất Tử Vô Hạn Nửa Đời Hương Đồng Gió Nội Em Chưa Mười Tám Bố Già Lật Mặt Mắt Biếc'
).split(' ');
/** Words of original (English) titles. */
const EN_WORDS = (
  'The Spider Man Home Far From Secret Love City Night Moon Legend Warrior Killer Kingdom Blood Fire Sea Deep ' +
  'Queen Sword Summer Girl Boy Fate Revenge Family House Happy Return Past Future Time Memory Dark Light Hunt ' +
  'Treasure Island Pirate Hero School Youth Storm River Mountain Sun Flower Green Heir Empire Idol Mission ' +
  'Death Doctor Lawyer Police Agent Boss Witch Brilliant Silent Wild Immortal Infinite Half Life Wind Eyes'
).split(' ');

const GENRES = [
  'Hành Động',
  'Tình Cảm',
  'Hài Hước',
  'Cổ Trang',
  'Tâm Lý',
  'Hình Sự',
  'Chiến Tranh',
  'Thể Thao',
  'Võ Thuật',
  'Viễn Tưởng',
  'Phiêu Lưu',
  'Khoa Học',
  'Kinh Dị',
  'Âm Nhạc',
  'Thần Thoại',
  'Tài Liệu',
  'Gia Đình',
  'Chính Kịch',
  'Bí Ẩn',
  'Học Đường',
];
const NATIONS = [
  'Việt Nam',
  'Hàn Quốc',
  'Trung Quốc',
  'Nhật Bản',
  'Thái Lan',
  'Âu Mỹ',
  'Đài Loan',
  'Hồng Kông',
  'Ấn Độ',
  'Anh',
  'Pháp',
  'Canada',
];
const TYPES = ['Phim Bộ', 'Phim Lẻ', 'TV Shows', 'Hoạt Hình'];

export type CatalogSample = {
  /** Two filters and a sort, as the listing's URL and as the service query. */
  listingPath: string;
  listingQuery: { genre: number; nation: number; sort: 'views'; order: 'desc' };
  /** The listing's genre as its landing page, linked from the menus: some 7,000 movies, every one counted. */
  landingPath: string;
  /** A title with diacritics and one wrong letter, as a visitor might type it. */
  typoQuery: string;
  /** A published series with its episodes, for the detail page. */
  detailSlug: string;
  movies: number;
  episodes: number;
  seconds: number;
};

export async function seedCatalog(pool: pg.Pool, count = CATALOG_MOVIES): Promise<CatalogSample> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('begin');
    const termRows = [
      ...GENRES.map((name, i) => ['genre', name, i] as const),
      ...NATIONS.map((name, i) => ['nation', name, i] as const),
      ...TYPES.map((name, i) => ['type', name, i] as const),
    ];
    await client.query(
      `insert into terms (kind, name, slug, sort_order, search_text)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])`,
      [
        termRows.map((row) => row[0]),
        termRows.map((row) => row[1]),
        termRows.map((row) => slugify(row[1])),
        termRows.map((row) => row[2]),
        termRows.map((row) => foldForSearch(row[1])),
      ],
    );
    const { rows: termIds } = await client.query<{ kind: string; slug: string; id: string }>(
      'select kind, slug, id from terms',
    );
    const idOf = (kind: string, name: string) =>
      Number(termIds.find((row) => row.kind === kind && row.slug === slugify(name))!.id);
    const genreIds = GENRES.map((name) => idOf('genre', name));
    const nationIds = NATIONS.map((name) => idOf('nation', name));
    const typeIds = TYPES.map((name) => idOf('type', name));

    // Each movie picks its words, type, year and counters from hashes of its number: the same data every run.
    // Slugs take the number as a suffix so they stay unique, like the service's `-2`, `-3`.
    await client.query(
      `insert into movies (slug, title, original_title, search_text, description, poster, type_id, status, quality,
         languages, year, current_episode, total_episodes, published, published_at, views_total, views_day,
         views_week, views_month, rating_average, rating_count, created_at, updated_at, term_ids)
       select slug || '-' || g, title, original, folded || ' ' || folded_original,
         'Một bộ phim về ' || title || '.', '/storage/posters/' || (g % 500) || '.webp',
         case when series then $7::bigint else ($8::bigint[])[1 + abs(hashint4(g * 13)) % 3] end,
         case when series and g % 3 = 0 then 'ongoing' else 'completed' end,
         ($9::text[])[1 + abs(hashint4(g * 17)) % 5],
         array[($10::text[])[1 + abs(hashint4(g * 19)) % 3]],
         1990 + abs(hashint4(g * 23)) % 36,
         case when series then 'Tập ' || ${SERIES_EPISODES} else 'Full' end,
         case when series then ${SERIES_EPISODES} else 1 end,
         g % 10 <> 0, now() - (g || ' minutes')::interval,
         abs(hashint4(g * 29)) % 1000000, abs(hashint4(g * 31)) % 1000, abs(hashint4(g * 37)) % 10000,
         abs(hashint4(g * 41)) % 50000, (abs(hashint4(g * 43)) % 100) / 10.0, abs(hashint4(g * 47)) % 5000,
         now() - (g || ' minutes')::interval, now() - ((abs(hashint4(g * 53)) % 100000) || ' minutes')::interval,
         -- One or two genres and one nation each, written here as the triggers would: the terms inserted below then
         -- leave the rows as they are, instead of rewriting every movie (which doubled the table until a VACUUM FULL).
         array(select distinct t from unnest(array[
           ($13::bigint[])[1 + abs(hashint4(g * 59)) % $15::int],
           case when g % 2 = 0 then ($13::bigint[])[1 + abs(hashint4(g * 61)) % $15::int] end,
           ($14::bigint[])[1 + abs(hashint4(g * 67)) % $16::int]]) t where t is not null order by t)
       from (
         select g, w.series,
           (select string_agg(($1::text[])[i], ' ' order by o) from unnest(w.pick) with ordinality u(i, o)) title,
           (select string_agg(($2::text[])[i], ' ' order by o) from unnest(w.pick) with ordinality u(i, o)) folded,
           (select string_agg(($3::text[])[i], '-' order by o) from unnest(w.pick) with ordinality u(i, o)) slug,
           (select string_agg(($4::text[])[i], ' ' order by o) from unnest(w.en) with ordinality u(i, o)) original,
           (select string_agg(lower(($4::text[])[i]), ' ' order by o) from unnest(w.en) with ordinality u(i, o))
             folded_original
         from generate_series(1, $5::int) g,
         lateral (
           select abs(hashint4(g * 7)) % 100 < $6::int series,
             (array[1 + abs(hashint4(g)) % $11::int, 1 + abs(hashint4(g + 1000003)) % $11::int,
               1 + abs(hashint4(g + 2000003)) % $11::int, 1 + abs(hashint4(g + 3000017)) % $11::int,
               1 + abs(hashint4(g + 4000037)) % $11::int])[1:2 + abs(hashint4(g * 3)) % 4] pick,
             (array[1 + abs(hashint4(g + 5000011)) % $12::int, 1 + abs(hashint4(g + 6000011)) % $12::int,
               1 + abs(hashint4(g + 7000003)) % $12::int])[1:1 + abs(hashint4(g * 5)) % 3] en
         ) w
       ) m`,
      [
        VI_WORDS,
        VI_WORDS.map(foldForSearch),
        VI_WORDS.map(slugify),
        EN_WORDS,
        count,
        SERIES_SHARE,
        typeIds[0],
        typeIds.slice(1),
        ['HD', 'FHD', 'HD', '4K', 'SD'],
        ['Vietsub', 'Thuyết minh', 'Lồng tiếng'],
        VI_WORDS.length,
        EN_WORDS.length,
        genreIds,
        nationIds,
        genreIds.length,
        nationIds.length,
      ],
    );
    await client.query(
      'insert into movie_terms (movie_id, term_id) select id, unnest(term_ids) from movies',
    );
    await client.query(
      `insert into movie_servers (movie_id, name) select id, 'Vietsub #1' from movies order by id`,
    );
    await client.query(
      `insert into episodes (movie_id, server_id, name, ep, sort_order, source_type, source_url)
       select s.movie_id, s.id, 'Tập ' || n, 'tap-' || n, n, 'hls',
         'https://media.example/' || s.movie_id || '/' || n || '/master.m3u8'
       from movie_servers s join movies m on m.id = s.movie_id,
       lateral generate_series(1, coalesce(m.total_episodes, 1)) n`,
    );
    await client.query('commit');
    // A catalogue in steady state has been vacuumed: statistics for the planner, and a visibility map so that
    // the term lookups can be index-only scans; and its writes are on disk, not flushed by the checkpointer in the
    // background while the pages are measured.
    await client.query('vacuum analyze');
    await client.query('checkpoint');
    const { rows: counts } = await client.query<{ movies: number; episodes: number }>(
      'select (select count(*)::int from movies) movies, (select count(*)::int from episodes) episodes',
    );
    const { rows: detail } = await client.query<{ slug: string; title: string }>(
      `select slug, title from movies where published and type_id = $1
       order by search_text like 'nguoi nhen%' desc, id limit 1`,
      [typeIds[0]],
    );
    const genre = idOf('genre', 'Hành Động');
    const nation = idOf('nation', 'Hàn Quốc');
    return {
      listingPath: `/movies?genre=hanh-dong&nation=han-quoc&sort=views`,
      landingPath: '/hanh-dong',
      listingQuery: { genre, nation, sort: 'views', order: 'desc' },
      // "Người Nhện" with the last letter wrong, diacritics and all.
      typoQuery: 'Người Nhệm',
      detailSlug: detail[0]!.slug,
      movies: counts[0]!.movies,
      episodes: counts[0]!.episodes,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
