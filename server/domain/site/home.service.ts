// The home page: ordered sections from `home_sections` (kept in memory; the built-in defaults while the table is
// empty), resolved into a hero carousel and rows of published movies in at most four queries, whatever the section
// count.
// The Home Page Manager saves the sections and previews a draft through the same resolution (decision 049).
import type { CardMovie, HeroSlide } from '#shared/resources/movie.ts';
import { and, asc, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryWithKeptPlan, type Database } from '#server/db/client.ts';
import type { ChangeFeed } from '#server/db/change-feed.ts';
import { homeSections, movies } from '#server/db/schema/index.ts';
import { Invalid } from '#server/domain/errors.ts';
import { excerpt } from '#shared/text.ts';
import type { HOME_ROW_SORTS, HomeLayout, ViewWindow } from './home-section.schema.ts';
import {
  DEFAULT_HOME_SECTIONS,
  MAX_HOME_SECTIONS,
  homeSectionInput,
  upgradeSection,
  type HomeSection,
} from './home-section.schema.ts';

export type HomeRowSort = (typeof HOME_ROW_SORTS)[number];

/** A row's card: the poster card, with the backdrop for the landscape layout. */
export type HomeCard = CardMovie & { backdrop: string | null };

/** The section's own titles; empty: the kind's default title in the visitor's language. */
type Titles = { title: string; title_vi: string };

export type HomeBlock =
  | ({ key: string; kind: 'hero'; slides: HeroSlide[] } & Titles)
  | ({
      key: string;
      /** The viewer's Continue watching: the page fills it, for a signed-in viewer only. */
      kind: 'continue';
      limit: number;
    } & Titles)
  | ({
      key: string;
      kind: 'row';
      source: 'latest_episodes' | 'most_viewed' | 'recommended' | 'picked' | 'term';
      /** The window of a "most viewed" row. */
      window: ViewWindow | null;
      layout: HomeLayout;
      /** The genre, type or nation of a term row: its name is the default title, its landing the "see all". */
      term: { kind: 'genre' | 'type' | 'nation'; name: string; slug: string } | null;
      sort: HomeRowSort;
      movies: HomeCard[];
    } & Titles);

type Log = { warn: (object: object, message: string) => void };
type TermRow = { id: number; kind: 'genre' | 'type' | 'nation'; name: string; slug: string };

/** How far back "newest episodes" looks: the latest episodes by the `created_at` index, not the whole table. */
const RECENT_EPISODES_WINDOW = 2000;

const CARD_COLUMNS =
  'm.id, m.slug, m.title, m.original_title, m.poster, m.quality, m.languages, m.current_episode, m.year';
const cardColumns = sql.raw(CARD_COLUMNS);
const rowColumns = sql.raw(`${CARD_COLUMNS}, m.backdrop`);
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

/** The order of hand-picked ids: `array_position(array[…], m.id)`. */
const pickedOrder = (ids: number[]) =>
  sql`array_position(array[${sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  )}], m.id), m.id`;
const pickedWhere = (ids: number[]) =>
  sql`m.id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

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

type StoredSection = HomeSection & { id: number; order: number };

/** The change feed's topic: a node saved the sections (or restored a backup), the others read them again. */
const TOPIC = 'home-sections';

export function createHomeService({
  db,
  changes,
  log,
}: {
  db: Database;
  changes?: Pick<ChangeFeed, 'on' | 'publish'>;
  log?: Log;
}) {
  /** The stored sections in order; rows whose kind or settings no longer parse are skipped (and logged). */
  async function storedSections(): Promise<StoredSection[]> {
    const rows = await db
      .select()
      .from(homeSections)
      .orderBy(asc(homeSections.sortOrder), asc(homeSections.id));
    const sections: StoredSection[] = [];
    for (const row of rows) {
      const parsed = homeSectionInput.safeParse(
        upgradeSection({
          kind: row.kind,
          title: row.title,
          title_vi: row.titleVi,
          layout: row.layout,
          settings: row.settings,
          visible: row.visible,
        }),
      );
      if (parsed.success) sections.push({ ...parsed.data, id: row.id, order: row.sortOrder });
      else
        log?.warn(
          { sectionId: row.id, kind: row.kind, issues: parsed.error.issues },
          'home section skipped: its settings do not parse',
        );
    }
    return sections;
  }

  // The page's sections, kept in memory as settings are (decision 073): they change only when an admin saves them
  // or a backup is restored, and then every node reads them again at once, so a visitor never waits for them.
  let kept: Promise<StoredSection[]> | null = null;
  function load() {
    const read = storedSections();
    kept = read;
    // A failed read is not kept: the next visitor asks again.
    read.catch(() => {
      if (kept === read) kept = null;
    });
    return read;
  }
  changes?.on(TOPIC, () => {
    load().catch((error: unknown) => log?.warn({ err: error }, 'home sections reload failed'));
  });
  /** Reads the sections again here, then tells every other node to. */
  async function reloadEverywhere() {
    const sections = await load();
    await changes?.publish(TOPIC);
    return sections;
  }

  /**
   * Runs a statement of the page; `keep`: with its plan kept by each connection, for the saved sections' statements
   * (few, made of the site's configuration), not a draft's, which change with every edit in the manager.
   */
  const run = (query: SQL, keep: boolean) =>
    keep ? queryWithKeptPlan(db, query) : db.execute<Record<string, unknown>>(query);

  /** Visible terms that have at least one published movie: only they can fill a row. */
  async function termsWithMovies(
    kinds: string[],
    ids: number[],
    keep: boolean,
  ): Promise<TermRow[]> {
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
    const result = await run(
      sql`
      select t.id, t.kind, t.name, t.slug from terms t
      where t.visible and (t.kind in (${kindList}) or t.id in (${idList}))
        and case when t.kind = 'type'
          then exists (select 1 from movies m where m.type_id = t.id and m.published)
          else exists (select 1 from movie_terms mt where mt.term_id = t.id and mt.published) end
      order by t.sort_order, t.search_text, t.id`,
      keep,
    );
    return result.rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind as TermRow['kind'],
      name: String(row.name),
      slug: String(row.slug),
    }));
  }

  async function heroSlides(
    settings: Extract<HomeSection, { kind: 'hero' }>['settings'],
    keep: boolean,
  ): Promise<HeroSlide[]> {
    const picked = settings.source === 'picked' && settings.movie_ids.length > 0;
    const where = picked ? pickedWhere(settings.movie_ids) : sql`m.featured`;
    const order = picked
      ? pickedOrder(settings.movie_ids)
      : sql`(m.backdrop is not null) desc, m.updated_at desc, m.id desc`;
    const result = await run(
      sql`
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
      where m.published and ${where}
      order by ${order}
      limit ${settings.limit}`,
      keep,
    );
    return result.rows.map((row) => ({
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

  /**
   * Every row's movies: a UNION ALL of one small, limited select per row, in two statements of half the rows each,
   * read side by side. PostgreSQL plans and runs a statement on one core: the nine rows of the default page were
   * one statement of 8.5 ms at 100,000 movies (2.4 of it planning), two halves 3.7 and 4 ms on two cores.
   */
  async function rowMovies(plans: RowPlan[], keep: boolean): Promise<HomeCard[][]> {
    const lists: HomeCard[][] = plans.map(() => []);
    if (!plans.length) return lists;
    const half = Math.ceil(plans.length / 2);
    const results = await Promise.all(
      [plans.slice(0, half), plans.slice(half)]
        .filter((group) => group.length)
        .map((group) =>
          run(
            sql.join(
              group.map((plan) => plan.query),
              sql` union all `,
            ),
            keep,
          ),
        ),
    );
    const rows = results
      .flatMap((result) => result.rows)
      .sort(
        (a, b) => Number(a.section) - Number(b.section) || Number(a.position) - Number(b.position),
      );
    for (const row of rows)
      lists[Number(row.section)]?.push({
        ...toMovie(row),
        backdrop: (row.backdrop as string | null) ?? null,
      });
    return lists;
  }

  function rowQuery(index: number, from: SQL, where: SQL, order: SQL, limit: number) {
    return sql`(select ${index}::int as section, row_number() over (order by ${order})::int as position,
      ${rowColumns} from ${from} where m.published and ${where} order by ${order} limit ${limit})`;
  }

  const moviesTable = sql.raw('movies m');

  /** Every hand-picked id of `sections` that is not a movie (or is in the trash): the manager names them. */
  async function checkPicked(sections: HomeSection[]) {
    const wanted = new Set<number>();
    for (const section of sections)
      if (section.kind === 'picked' || section.kind === 'hero')
        for (const id of section.settings.movie_ids) wanted.add(id);
    if (!wanted.size) return;
    const found = await db
      .select({ id: movies.id })
      .from(movies)
      .where(and(inArray(movies.id, [...wanted]), isNull(movies.deletedAt)));
    const known = new Set(found.map((row) => row.id));
    for (const [index, section] of sections.entries()) {
      if (section.kind !== 'picked' && section.kind !== 'hero') continue;
      const missing = section.settings.movie_ids.findIndex((id) => !known.has(id));
      if (missing >= 0)
        throw Invalid.field(
          `sections.${index}.settings.movie_ids.${missing}`,
          `No movie has the id ${section.settings.movie_ids[missing]}.`,
        );
    }
  }

  /** Checks each input (legacy kinds read as today's); 422 names the bad field as `sections.N.…`. */
  function parseSections(inputs: unknown[]): HomeSection[] {
    return inputs.map((input, index) => {
      const result = homeSectionInput.safeParse(upgradeSection(input));
      if (!result.success) {
        const issue = result.error.issues[0]!;
        throw Invalid.field(['sections', index, ...issue.path].join('.'), issue.message);
      }
      return result.data;
    });
  }

  /** The blocks of `sections` in order, each with its movies; a block with none is left out. */
  async function resolve(all: HomeSection[], keep: boolean): Promise<HomeBlock[]> {
    const sections = all.filter((section) => section.visible);
    const hero = sections.find((section) => section.kind === 'hero');
    const termKinds = new Set<string>();
    const termIds = new Set<number>();
    for (const section of sections) {
      if (section.kind === 'term_rows') termKinds.add(section.settings.term_kind);
      if (section.kind === 'term') termIds.add(section.settings.term_id);
    }
    const [slides, terms] = await Promise.all([
      hero?.kind === 'hero' ? heroSlides(hero.settings, keep) : Promise.resolve([]),
      termsWithMovies([...termKinds], [...termIds], keep),
    ]);

    const plans: RowPlan[] = [];
    type Entry = { hero: true } | { plan: number } | { continue: HomeBlock & { kind: 'continue' } };
    const order: Entry[] = [];
    /** A row of movies: its plan (the key and query follow its place) and its place on the page. */
    const addRow = (
      section: HomeSection,
      row: Pick<RowPlan, 'source' | 'term' | 'sort'> & { window?: ViewWindow },
      query: { from: SQL; where: SQL; order: SQL; limit: number },
      titles: Titles = { title: section.title, title_vi: section.title_vi },
    ) => {
      const index = plans.length;
      plans.push({
        key: `row-${index}`,
        kind: 'row',
        window: null,
        layout: section.layout,
        ...titles,
        ...row,
        query: rowQuery(index, query.from, query.where, query.order, query.limit),
      });
      order.push({ plan: index });
    };
    const termRow = (
      section: HomeSection,
      term: TermRow,
      sort: HomeRowSort,
      limit: number,
      titles?: Titles,
    ) =>
      addRow(
        section,
        { source: 'term', term: { kind: term.kind, name: term.name, slug: term.slug }, sort },
        {
          from: moviesTable,
          // A genre or a nation from the movie's own array of term ids (decision 076; every row is of published
          // movies, whose arrays are kept): the row's sort index is walked until 16 have it, each checked in its row
          // instead of looked up in `movie_terms` (0.8 → 0.2 ms for a genre's most viewed at 100,000 movies).
          where:
            term.kind === 'type'
              ? sql`m.type_id = ${term.id}`
              : sql`m.term_ids @> array[${term.id}]::bigint[]`,
          order: rowOrder[sort],
          limit,
        },
        titles,
      );
    const viewsColumn = { day: 'views_day', week: 'views_week', month: 'views_month' } as const;
    for (const section of sections) {
      switch (section.kind) {
        case 'hero':
          if (section === hero) order.push({ hero: true });
          break;
        case 'continue_watching':
          order.push({
            continue: {
              key: `continue-${order.length}`,
              kind: 'continue',
              title: section.title,
              title_vi: section.title_vi,
              limit: section.settings.limit,
            },
          });
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
            section,
            { source: 'latest_episodes', term: null, sort: 'updated' },
            {
              from: recent,
              where: sql`true`,
              order: sql.raw('latest.at desc, m.id desc'),
              limit: section.settings.limit,
            },
          );
          break;
        }
        case 'most_viewed': {
          // `views_week` has a partial index; the day and month windows filter out the movies nobody watched
          // in them first, which leaves a few thousand at most to sort.
          const column = viewsColumn[section.settings.window];
          addRow(
            section,
            { source: 'most_viewed', window: section.settings.window, term: null, sort: 'views' },
            {
              from: moviesTable,
              where: sql`${sql.raw(`m.${column}`)} > 0`,
              order: indexOrder(column),
              limit: section.settings.limit,
            },
          );
          break;
        }
        case 'recommended':
          addRow(
            section,
            { source: 'recommended', term: null, sort: 'updated' },
            {
              from: moviesTable,
              where: sql`m.recommended`,
              order: rowOrder.updated,
              limit: section.settings.limit,
            },
          );
          break;
        case 'picked':
          addRow(
            section,
            { source: 'picked', term: null, sort: 'updated' },
            {
              from: moviesTable,
              where: pickedWhere(section.settings.movie_ids),
              order: pickedOrder(section.settings.movie_ids),
              limit: section.settings.movie_ids.length,
            },
          );
          break;
        case 'term': {
          const term = terms.find((candidate) => candidate.id === section.settings.term_id);
          if (term) termRow(section, term, section.settings.sort, section.settings.limit);
          break;
        }
        case 'term_rows':
          // Each row is titled by its term: the section's own title would repeat on every row.
          for (const term of terms
            .filter((candidate) => candidate.kind === section.settings.term_kind)
            .slice(0, section.settings.count))
            termRow(section, term, section.settings.sort, section.settings.limit, {
              title: '',
              title_vi: '',
            });
          break;
      }
    }

    const lists = await rowMovies(plans, keep);
    const blocks: HomeBlock[] = [];
    for (const entry of order) {
      if ('hero' in entry) {
        if (slides.length && hero)
          blocks.push({
            key: 'hero',
            kind: 'hero',
            title: hero.title,
            title_vi: hero.title_vi,
            slides,
          });
        continue;
      }
      if ('continue' in entry) {
        blocks.push(entry.continue);
        continue;
      }
      const { query: _query, ...plan } = plans[entry.plan]!;
      const found = lists[entry.plan]!;
      if (found.length) blocks.push({ ...plan, movies: found });
    }
    return blocks;
  }

  return {
    /** The sections an admin has stored, in order. Empty: the defaults apply. */
    async listSections() {
      return storedSections();
    },

    /** What the Home Page Manager edits: the stored sections, else the defaults the page shows. */
    async editableSections(): Promise<{ sections: HomeSection[]; customised: boolean }> {
      const stored = await storedSections();
      return {
        sections: (stored.length ? stored : DEFAULT_HOME_SECTIONS).map(
          ({ kind, title, title_vi, layout, visible, settings }) =>
            ({ kind, title, title_vi, layout, visible, settings }) as HomeSection,
        ),
        customised: stored.length > 0,
      };
    },

    /**
     * Replaces every stored section with `inputs`, in that order, after checking each (hand-picked ids must be
     * movies); 422 names the bad field.
     */
    async saveSections(inputs: unknown[]) {
      const parsed = parseSections(inputs);
      await checkPicked(parsed);
      await db.transaction(async (tx) => {
        await tx.delete(homeSections);
        if (parsed.length)
          await tx.insert(homeSections).values(
            parsed.map((section, index) => ({
              kind: section.kind,
              title: section.title,
              titleVi: section.title_vi,
              layout: section.layout,
              settings: section.settings,
              visible: section.visible,
              sortOrder: index,
            })),
          );
      });
      return reloadEverywhere();
    },

    /**
     * The page a draft would make (the manager's live preview), nothing stored: a section that does not parse yet
     * (a hand-picked row with no movie) is left out, as the form is showing what is missing.
     */
    async preview(inputs: unknown[]): Promise<HomeBlock[]> {
      const sections = inputs.slice(0, MAX_HOME_SECTIONS).flatMap((input) => {
        const result = homeSectionInput.safeParse(upgradeSection(input));
        return result.success ? [result.data] : [];
      });
      return resolve(sections, false);
    },

    /** The movies of these ids (the manager's hand-picked lists), published or not; the trash is left out. */
    async pickedMovies(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: movies.id,
          title: movies.title,
          poster: movies.poster,
          year: movies.year,
          published: movies.published,
        })
        .from(movies)
        .where(and(inArray(movies.id, ids), isNull(movies.deletedAt)));
    },

    /** Reads the stored sections again, here and (through the change feed) on every other node: after a restore. */
    async reload() {
      await reloadEverywhere();
    },

    /** One published movie as a hero slide (the `/movies` banner), or null. */
    async slide(id: number): Promise<HeroSlide | null> {
      const [slide] = await heroSlides({ source: 'picked', movie_ids: [id], limit: 1 }, true);
      return slide ?? null;
    },

    /** The page as visitors see it: blocks in order, each with movies; a block with none is left out. */
    async getPage(): Promise<{ blocks: HomeBlock[]; customised: boolean }> {
      const stored = await (kept ?? load());
      const blocks = await resolve(stored.length ? stored : DEFAULT_HOME_SECTIONS, true);
      return { blocks, customised: stored.length > 0 };
    },
  };
}
