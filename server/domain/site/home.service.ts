// The home page: ordered sections from `home_sections` (or the built-in defaults while the table is empty),
// resolved into a hero carousel and rows of published movies in at most four queries, whatever the section count.
import type { CardMovie, HeroSlide } from '#shared/resources/movie.ts';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { homeSections } from '#server/db/schema/index.ts';
import { Invalid } from '#server/domain/errors.ts';
import { excerpt } from '#shared/text.ts';
import type { HOME_ROW_SORTS } from './home-section.schema.ts';
import {
  DEFAULT_HOME_SECTIONS,
  homeSectionInput,
  type HomeSection,
} from './home-section.schema.ts';

export type HomeRowSort = (typeof HOME_ROW_SORTS)[number];

export type HomeBlock =
  | { key: string; kind: 'hero'; title: string; slides: HeroSlide[] }
  | {
      key: string;
      kind: 'row';
      source: 'latest_episodes' | 'trending_week' | 'recommended' | 'term';
      title: string;
      /** The genre, type or nation of a term row: its name is the default title, its landing the "see all". */
      term: { kind: 'genre' | 'type' | 'nation'; name: string; slug: string } | null;
      sort: HomeRowSort;
      movies: CardMovie[];
    };

type Log = { warn: (object: object, message: string) => void };
type TermRow = { id: number; kind: 'genre' | 'type' | 'nation'; name: string; slug: string };

/** How far back "newest episodes" looks: the latest episodes by the `created_at` index, not the whole table. */
const RECENT_EPISODES_WINDOW = 2000;

const cardColumns = sql.raw(
  'm.id, m.slug, m.title, m.original_title, m.poster, m.quality, m.languages, m.current_episode, m.year',
);
/**
 * `m.column desc nulls last, m.id desc nulls last`: the exact order of a `movies_public_*` partial index
 * (schema/catalog.ts), so each row reads its 16 movies from an index. Any other tie-break (or `desc`, which
 * means nulls first) makes PostgreSQL sort every published movie: 200–400 ms a row at 100,000 movies.
 */
const indexOrder = (column: string) => sql.raw(`m.${column} desc nulls last, m.id desc nulls last`);
const rowOrder: Record<HomeRowSort, SQL> = {
  updated: indexOrder('updated_at'),
  newest: indexOrder('created_at'),
  views: indexOrder('views_total'),
  rating: indexOrder('rating_average'),
  year: indexOrder('year'),
};

function toMovie(row: Record<string, unknown>): CardMovie {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    title: String(row.title),
    original_title: String(row.original_title ?? ''),
    poster: (row.poster as string | null) ?? null,
    quality: String(row.quality ?? ''),
    languages: (row.languages as string[] | null) ?? [],
    current_episode: String(row.current_episode ?? ''),
    year: row.year == null ? null : Number(row.year),
  };
}

export type HomeService = ReturnType<typeof createHomeService>;

export function createHomeService({ db, log }: { db: Database; log?: Log }) {
  /** The stored sections in order; rows whose kind or settings no longer parse are skipped (and logged). */
  async function storedSections(): Promise<Array<HomeSection & { id: number; order: number }>> {
    const rows = await db
      .select()
      .from(homeSections)
      .orderBy(asc(homeSections.sortOrder), asc(homeSections.id));
    const sections: Array<HomeSection & { id: number; order: number }> = [];
    for (const row of rows) {
      const parsed = homeSectionInput.safeParse({
        kind: row.kind,
        title: row.title,
        settings: row.settings,
        visible: row.visible,
      });
      if (parsed.success) sections.push({ ...parsed.data, id: row.id, order: row.sortOrder });
      else
        log?.warn(
          { sectionId: row.id, kind: row.kind, issues: parsed.error.issues },
          'home section skipped: its settings do not parse',
        );
    }
    return sections;
  }

  /** Visible terms that have at least one published movie: only they can fill a row. */
  async function termsWithMovies(kinds: string[], ids: number[]): Promise<TermRow[]> {
    if (!kinds.length && !ids.length) return [];
    const kindList = kinds.length
      ? sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )
      : sql`null`;
    const idList = ids.length
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
    const result = await db.execute(sql`
      select t.id, t.kind, t.name, t.slug from terms t
      where t.visible and (t.kind in (${kindList}) or t.id in (${idList}))
        and case when t.kind = 'type'
          then exists (select 1 from movies m where m.type_id = t.id and m.published)
          else exists (select 1 from movie_terms mt join movies m on m.id = mt.movie_id
                       where mt.term_id = t.id and m.published) end
      order by t.sort_order, t.search_text, t.id`);
    return (result.rows as Array<Record<string, unknown>>).map((row) => ({
      id: Number(row.id),
      kind: row.kind as TermRow['kind'],
      name: String(row.name),
      slug: String(row.slug),
    }));
  }

  async function heroSlides(limit: number): Promise<HeroSlide[]> {
    const result = await db.execute(sql`
      select ${cardColumns}, m.backdrop, m.description, m.status,
        case when t.visible then t.name end as type_name,
        case when t.visible then t.slug end as type_slug,
        (select coalesce(json_agg(json_build_object('name', g.name, 'slug', g.slug)
                                  order by g.sort_order, g.search_text), '[]'::json)
           from movie_terms mt join terms g on g.id = mt.term_id
          where mt.movie_id = m.id and g.kind = 'genre' and g.visible) as genres,
        (select e.ep from episodes e join movie_servers s on s.id = e.server_id
          where e.movie_id = m.id and e.published
          order by s.sort_order, s.id, e.sort_order, e.id limit 1) as first_ep
      from movies m left join terms t on t.id = m.type_id
      where m.published and m.featured
      order by (m.backdrop is not null) desc, m.updated_at desc, m.id desc
      limit ${limit}`);
    return (result.rows as Array<Record<string, unknown>>).map((row) => ({
      ...toMovie(row),
      backdrop: (row.backdrop as string | null) ?? null,
      excerpt: excerpt(String(row.description ?? '')),
      status: row.status as HeroSlide['status'],
      type: row.type_name ? { name: String(row.type_name), slug: String(row.type_slug) } : null,
      genres: (row.genres as HeroSlide['genres']).slice(0, 3),
      first_ep: (row.first_ep as string | null) ?? null,
    }));
  }

  type RowPlan = Omit<Extract<HomeBlock, { kind: 'row' }>, 'movies'> & { query: SQL };

  /** Every row's movies in one statement: a UNION ALL of one small, limited select per row. */
  async function rowMovies(plans: RowPlan[]): Promise<CardMovie[][]> {
    const lists: CardMovie[][] = plans.map(() => []);
    if (!plans.length) return lists;
    const result = await db.execute(
      sql.join(
        plans.map((plan) => plan.query),
        sql` union all `,
      ),
    );
    const rows = (result.rows as Array<Record<string, unknown>>).sort(
      (a, b) => Number(a.section) - Number(b.section) || Number(a.position) - Number(b.position),
    );
    for (const row of rows) lists[Number(row.section)]?.push(toMovie(row));
    return lists;
  }

  function rowQuery(index: number, from: SQL, where: SQL, order: SQL, limit: number) {
    return sql`(select ${index}::int as section, row_number() over (order by ${order})::int as position,
      ${cardColumns} from ${from} where m.published and ${where} order by ${order} limit ${limit})`;
  }

  const moviesTable = sql.raw('movies m');

  return {
    /** The sections an admin has stored, in order (the Home Page Manager's list). Empty: the defaults apply. */
    async listSections() {
      return storedSections();
    },

    /** Replaces every stored section with `inputs`, in that order, after checking each; 422 names the bad field. */
    async saveSections(inputs: unknown[]) {
      const parsed: HomeSection[] = [];
      for (const [index, input] of inputs.entries()) {
        const result = homeSectionInput.safeParse(input);
        if (!result.success) {
          const issue = result.error.issues[0]!;
          throw Invalid.field(['sections', index, ...issue.path].join('.'), issue.message);
        }
        parsed.push(result.data);
      }
      await db.transaction(async (tx) => {
        await tx.delete(homeSections);
        if (parsed.length)
          await tx.insert(homeSections).values(
            parsed.map((section, index) => ({
              kind: section.kind,
              title: section.title,
              settings: section.settings,
              visible: section.visible,
              sortOrder: index,
            })),
          );
      });
      return storedSections();
    },

    /** The page as visitors see it: blocks in order, each with movies; a block with none is left out. */
    async getPage(): Promise<{ blocks: HomeBlock[]; customised: boolean }> {
      const stored = await storedSections();
      const sections = (stored.length ? stored : DEFAULT_HOME_SECTIONS).filter(
        (section) => section.visible,
      );
      const hero = sections.find((section) => section.kind === 'hero');
      const termKinds = new Set<string>();
      const termIds = new Set<number>();
      for (const section of sections) {
        if (section.kind === 'term_rows') termKinds.add(section.settings.term_kind);
        if (section.kind === 'term') termIds.add(section.settings.term_id);
      }
      const [slides, terms] = await Promise.all([
        hero?.kind === 'hero' ? heroSlides(hero.settings.limit) : Promise.resolve([]),
        termsWithMovies([...termKinds], [...termIds]),
      ]);

      const plans: RowPlan[] = [];
      const order: Array<{ hero: true } | { plan: number }> = [];
      /** A row of movies: its plan (the key and query follow its place) and its place on the page. */
      const addRow = (
        row: Pick<RowPlan, 'source' | 'title' | 'term' | 'sort'>,
        query: { from: SQL; where: SQL; order: SQL; limit: number },
      ) => {
        const index = plans.length;
        plans.push({
          key: `row-${index}`,
          kind: 'row',
          ...row,
          query: rowQuery(index, query.from, query.where, query.order, query.limit),
        });
        order.push({ plan: index });
      };
      const termRow = (term: TermRow, sort: HomeRowSort, limit: number, title: string) =>
        addRow(
          {
            source: 'term',
            title,
            term: { kind: term.kind, name: term.name, slug: term.slug },
            sort,
          },
          {
            from: moviesTable,
            where:
              term.kind === 'type'
                ? sql`m.type_id = ${term.id}`
                : sql`exists (select 1 from movie_terms mt where mt.movie_id = m.id and mt.term_id = ${term.id})`,
            order: rowOrder[sort],
            limit,
          },
        );
      /** The rows whose query is fixed: which movies they show, in which order. */
      const fixedRows = {
        trending_week: {
          sort: 'views',
          query: { where: sql`m.views_week > 0`, order: indexOrder('views_week') },
        },
        recommended: {
          sort: 'updated',
          query: { where: sql`m.recommended`, order: rowOrder.updated },
        },
      } as const satisfies Record<string, { sort: HomeRowSort; query: { where: SQL; order: SQL } }>;
      for (const section of sections) {
        switch (section.kind) {
          case 'hero':
            if (section === hero) order.push({ hero: true });
            break;
          case 'latest_episodes': {
            // The newest few movies of that window, a margin over the row's length for unpublished ones: with
            // every movie of the window PostgreSQL joins by scanning all movies (200 ms at 100,000) instead of
            // looking a few up by id.
            const recent = sql`(select movie_id, max(created_at) as at from (select movie_id, created_at
                from episodes where published order by created_at desc limit ${RECENT_EPISODES_WINDOW}) r
              group by movie_id order by at desc limit ${section.settings.limit * 4}) latest
              join movies m on m.id = latest.movie_id`;
            addRow(
              { source: 'latest_episodes', title: section.title, term: null, sort: 'updated' },
              {
                from: recent,
                where: sql`true`,
                order: sql.raw('latest.at desc, m.id desc'),
                limit: section.settings.limit,
              },
            );
            break;
          }
          case 'trending_week':
          case 'recommended': {
            const fixed = fixedRows[section.kind];
            addRow(
              { source: section.kind, title: section.title, term: null, sort: fixed.sort },
              { from: moviesTable, ...fixed.query, limit: section.settings.limit },
            );
            break;
          }
          case 'term': {
            const term = terms.find((candidate) => candidate.id === section.settings.term_id);
            if (term) termRow(term, section.settings.sort, section.settings.limit, section.title);
            break;
          }
          case 'term_rows':
            for (const term of terms
              .filter((candidate) => candidate.kind === section.settings.term_kind)
              .slice(0, section.settings.count))
              termRow(term, section.settings.sort, section.settings.limit, '');
            break;
        }
      }

      const lists = await rowMovies(plans);
      const blocks: HomeBlock[] = [];
      for (const entry of order) {
        if ('hero' in entry) {
          if (slides.length)
            blocks.push({ key: 'hero', kind: 'hero', title: hero?.title ?? '', slides });
          continue;
        }
        const { query: _query, ...plan } = plans[entry.plan]!;
        const movies = lists[entry.plan]!;
        if (movies.length) blocks.push({ ...plan, movies });
      }
      return { blocks, customised: stored.length > 0 };
    },
  };
}
