// Demo mode fills the demo account with four public collections (books, movies and board games written
// in English, bandes dessinées in French) so a visitor sees covers, ratings, multiple values and every
// content type in either language, and can open the manage and edit screens (read-only, like
// everything in demo mode). Template properties read in each visitor's language (label_template).
// It runs once per database: a row in maintenance_state marks it, inserted by the first statement of
// the batch that creates the collections, so a second isolate seeding at the same moment fails that
// batch and adds nothing. It stays cheap (about 30 D1 statements and 17 R2 writes, once, well inside
// one request's 50): properties, items and values go in one statement per collection each, through
// json_each. Covers are the app's own jacket covers (drawn from title and creator): a drawn PNG shown as
// a cover looked like a broken image. Small drawn PNGs still fill a "Shelf photo" picture property, so
// the gallery and the image type have examples without shipping image files in the Worker.
import { sql } from 'drizzle-orm';
import type { PropertyType } from '@shared/catalogue';
import { DEMO_CREDENTIALS } from '@shared/constants';
import { normalizeValue } from '@shared/values';
import { NOW_SQL } from '@worker/db/now';
import type { Db, Env } from '@worker/env';
import { toMediaValue } from '@worker/lib/media';
import { perDatabase } from '@worker/lib/per-database';
import { drawPng, type Rgb } from '@worker/lib/png';
import { sortKeys } from '@worker/lib/values';
import { refreshCollection, sortGaps } from '../items/items.writer';
import { TEMPLATES, type TemplateProperty } from './collection-templates';

export const DEMO_SEED_MARK = 'demo-seed';

type Values = Record<string, unknown>;
interface SeedItem {
  values: Values;
  /** Colours of a small drawn picture (background and band), kept as the item's shelf photo. */
  cover?: [Rgb, Rgb];
  quantity?: number;
}
interface SeedCollection {
  type: 'books' | 'movies' | 'board_games' | 'comics';
  name: string;
  description: string;
  tags: string[];
  /** Properties beyond the template, so every content type has an example. */
  extra: TemplateProperty[];
  /** Template properties that take several values here. */
  multiple?: string[];
  items: SeedItem[];
}

const extra = (key: string, type: PropertyType, en: string, fr: string, flags: Partial<TemplateProperty> = {}): TemplateProperty => ({
  key,
  type,
  label: { en_US: en, fr_FR: fr },
  ...flags,
});

const C = {
  indigo: [49, 46, 129],
  gold: [234, 179, 8],
  teal: [15, 118, 110],
  cream: [254, 243, 199],
  crimson: [153, 27, 27],
  sky: [186, 230, 253],
  forest: [22, 101, 52],
  orange: [234, 88, 12],
  slate: [30, 41, 59],
  rose: [251, 113, 133],
  plum: [88, 28, 135],
  lime: [190, 242, 100],
} as const satisfies Record<string, Rgb>;

export const DEMO_COLLECTIONS: SeedCollection[] = [
  {
    type: 'books',
    name: 'Bookshelf',
    description: 'Novels and series on the living-room shelves.',
    tags: ['reading', 'fiction'],
    multiple: ['subtitle'],
    extra: [extra('acquired', 'date', 'Acquired on', 'Acquis le', { sortable: true }), extra('website', 'url', 'Website', 'Site web')],
    items: [
      {
        cover: [C.gold, C.indigo],
        values: {
          title: 'Dune',
          subtitle: ['Dune Saga', 'Book 1'],
          authors: ['Frank Herbert'],
          series: 'Dune',
          series_number: 1,
          publisher: 'Chilton Books',
          year: 1965,
          pages: 412,
          genre: ['Science fiction', 'Adventure'],
          read: true,
          rating: 5,
          acquired: '2019-03-14',
          website: 'https://en.wikipedia.org/wiki/Dune_(novel)',
          summary: 'On the desert planet Arrakis, a young duke’s heir becomes the leader of its people.',
        },
      },
      {
        values: {
          title: 'Dune Messiah',
          subtitle: ['Dune Saga', 'Book 2'],
          authors: ['Frank Herbert'],
          series: 'Dune',
          series_number: 2,
          year: 1969,
          genre: ['Science fiction'],
          read: true,
          rating: 4,
        },
      },
      {
        values: {
          title: 'Children of Dune',
          subtitle: ['Dune Saga', 'Book 3'],
          authors: ['Frank Herbert'],
          series: 'Dune',
          series_number: 3,
          year: 1976,
          genre: ['Science fiction'],
          read: false,
          rating: 3.5,
        },
      },
      {
        cover: [C.teal, C.cream],
        values: {
          title: 'The Left Hand of Darkness',
          authors: ['Ursula K. Le Guin'],
          year: 1969,
          genre: ['Science fiction'],
          read: true,
          rating: 4.5,
          language: 'English',
        },
      },
      {
        cover: [C.crimson, C.cream],
        values: {
          title: 'Le Petit Prince',
          authors: ['Antoine de Saint-Exupéry'],
          publisher: 'Gallimard',
          year: 1943,
          pages: 96,
          language: 'French',
          genre: ['Tale'],
          read: true,
          rating: 5,
          signed: false,
        },
      },
      {
        values: {
          title: 'L’Étranger',
          authors: ['Albert Camus'],
          publisher: 'Gallimard',
          year: 1942,
          language: 'French',
          genre: ['Novel'],
          read: true,
          rating: 4,
        },
      },
      {
        values: {
          title: 'Good Omens',
          authors: ['Terry Pratchett', 'Neil Gaiman'],
          year: 1990,
          genre: ['Fantasy', 'Comedy'],
          read: true,
          rating: 4.5,
          signed: true,
        },
      },
      {
        cover: [C.slate, C.gold],
        values: {
          title: 'Discworld 2: The Light Fantastic',
          authors: ['Terry Pratchett'],
          series: 'Discworld',
          series_number: 2,
          year: 1986,
          genre: ['Fantasy'],
          rating: 4,
        },
      },
      {
        values: {
          title: 'Discworld 10: Moving Pictures',
          authors: ['Terry Pratchett'],
          series: 'Discworld',
          series_number: 10,
          year: 1990,
          genre: ['Fantasy'],
          read: false,
        },
      },
      {
        values: { title: 'A Wizard of Earthsea', authors: ['Ursula K. Le Guin'], year: 1968, genre: ['Fantasy'], read: true, rating: 4 },
        quantity: 2,
      },
    ],
  },
  {
    type: 'movies',
    name: 'Film library',
    description: 'DVDs and Blu-rays, with what we thought of them.',
    tags: ['cinema'],
    extra: [extra('last_watched', 'datetime', 'Last watched', 'Vu la dernière fois', { sortable: true })],
    items: [
      {
        cover: [C.slate, C.orange],
        values: {
          title: 'Blade Runner',
          directors: ['Ridley Scott'],
          cast: ['Harrison Ford', 'Rutger Hauer', 'Sean Young'],
          year: 1982,
          runtime: 117,
          genre: ['Science fiction', 'Noir'],
          format: 'Blu-ray',
          trailer: 'https://www.youtube.com/watch?v=eogpIG53Cis',
          watched: true,
          rating: 5,
          last_watched: '2024-11-02T20:30:00Z',
        },
      },
      {
        cover: [C.sky, C.crimson],
        values: {
          title: 'Le Fabuleux Destin d’Amélie Poulain',
          original_title: 'Amélie',
          directors: ['Jean-Pierre Jeunet'],
          cast: ['Audrey Tautou', 'Mathieu Kassovitz'],
          year: 2001,
          runtime: 122,
          genre: ['Comedy', 'Romance'],
          format: 'DVD',
          watched: true,
          rating: 4.5,
        },
      },
      {
        values: {
          title: 'Spirited Away',
          original_title: '千と千尋の神隠し',
          directors: ['Hayao Miyazaki'],
          year: 2001,
          runtime: 125,
          genre: ['Animation', 'Fantasy'],
          format: 'Blu-ray',
          watched: true,
          rating: 5,
        },
      },
      {
        cover: [C.forest, C.lime],
        values: {
          title: 'The Grand Budapest Hotel',
          directors: ['Wes Anderson'],
          cast: ['Ralph Fiennes', 'Tony Revolori'],
          year: 2014,
          runtime: 99,
          genre: ['Comedy'],
          format: 'DVD',
          watched: true,
          rating: 4,
        },
      },
      {
        values: {
          title: 'La Haine',
          directors: ['Mathieu Kassovitz'],
          year: 1995,
          runtime: 98,
          genre: ['Drama'],
          format: 'DVD',
          watched: false,
        },
      },
      {
        values: {
          title: 'Alien',
          directors: ['Ridley Scott'],
          year: 1979,
          runtime: 117,
          genre: ['Science fiction', 'Horror'],
          format: 'Blu-ray',
          watched: true,
          rating: 4.5,
        },
      },
      {
        cover: [C.plum, C.rose],
        values: {
          title: 'Paprika',
          directors: ['Satoshi Kon'],
          year: 2006,
          runtime: 90,
          genre: ['Animation', 'Science fiction'],
          format: 'Blu-ray',
          watched: true,
          rating: 4,
        },
      },
      {
        values: {
          title: 'The Seventh Seal',
          original_title: 'Det sjunde inseglet',
          directors: ['Ingmar Bergman'],
          year: 1957,
          runtime: 96,
          genre: ['Drama'],
          format: 'DVD',
          watched: false,
          rating: 3.5,
        },
      },
    ],
  },
  {
    type: 'board_games',
    name: 'Game night',
    description: 'Board games for two to eight players.',
    tags: ['games', 'family'],
    extra: [
      extra('box_color', 'color', 'Box colour', 'Couleur de la boîte'),
      extra('rules', 'file', 'Quick rules', 'Règles rapides'),
      extra('scores', 'json', 'Best scores', 'Meilleurs scores'),
    ],
    items: [
      {
        cover: [C.orange, C.cream],
        values: {
          title: 'Catan',
          players_min: 3,
          players_max: 4,
          play_time: 75,
          age: 10,
          designers: ['Klaus Teuber'],
          publisher: 'Kosmos',
          year: 1995,
          mechanics: ['Trading', 'Dice rolling'],
          complete: true,
          rating: 4,
          box_color: '#ea580c',
          scores: { Alice: 12, Bob: 10 },
        },
      },
      {
        cover: [C.teal, C.gold],
        values: {
          title: 'Carcassonne',
          players_min: 2,
          players_max: 5,
          play_time: 40,
          age: 7,
          designers: ['Klaus-Jürgen Wrede'],
          year: 2000,
          mechanics: ['Tile placement'],
          complete: true,
          rating: 4.5,
          box_color: '#0f766e',
        },
      },
      {
        values: {
          title: 'Dixit',
          players_min: 3,
          players_max: 8,
          play_time: 30,
          age: 8,
          designers: ['Jean-Louis Roubira'],
          artists: ['Marie Cardouat'],
          year: 2008,
          mechanics: ['Storytelling', 'Voting'],
          complete: true,
          rating: 4,
        },
      },
      {
        cover: [C.indigo, C.sky],
        values: {
          title: '7 Wonders',
          players_min: 2,
          players_max: 7,
          play_time: 30,
          age: 10,
          designers: ['Antoine Bauza'],
          year: 2010,
          mechanics: ['Card drafting'],
          complete: false,
          rating: 4.5,
        },
      },
      {
        values: {
          title: 'Azul',
          players_min: 2,
          players_max: 4,
          play_time: 45,
          age: 8,
          designers: ['Michael Kiesling'],
          year: 2017,
          mechanics: ['Pattern building'],
          complete: true,
          rating: 5,
          box_color: '#1d4ed8',
        },
      },
      {
        values: {
          title: 'Codenames',
          players_min: 2,
          players_max: 8,
          play_time: 15,
          age: 10,
          designers: ['Vlaada Chvátil'],
          year: 2015,
          mechanics: ['Word game', 'Teams'],
          complete: true,
          rating: 4,
        },
      },
      {
        values: {
          title: 'Pandemic',
          players_min: 2,
          players_max: 4,
          play_time: 45,
          age: 8,
          designers: ['Matt Leacock'],
          year: 2008,
          mechanics: ['Cooperative'],
          complete: true,
          rating: 4.5,
        },
      },
      {
        cover: [C.forest, C.cream],
        values: {
          title: 'Les Aventuriers du Rail',
          players_min: 2,
          players_max: 5,
          play_time: 60,
          age: 8,
          designers: ['Alan R. Moon'],
          year: 2004,
          mechanics: ['Set collection', 'Route building'],
          complete: true,
          rating: 4,
        },
      },
    ],
  },
  {
    type: 'comics',
    name: 'Bandes dessinées',
    description: 'Les albums de la bibliothèque du couloir, des classiques aux romans graphiques.',
    tags: ['bd', 'lecture'],
    extra: [extra('shelf', 'text', 'Shelf', 'Étagère', { filterable: true })],
    items: [
      {
        cover: [C.gold, C.crimson],
        values: {
          title: 'Astérix le Gaulois',
          series: 'Astérix',
          issue: 1,
          writers: ['René Goscinny'],
          artists: ['Albert Uderzo'],
          publisher: 'Dargaud',
          year: 1961,
          read: true,
          rating: 4.5,
          shelf: 'Couloir, en haut',
          summary:
            'En 50 avant Jésus-Christ, un petit village d’Armorique résiste encore à l’envahisseur, grâce à la potion magique de son druide.',
        },
      },
      {
        cover: [C.crimson, C.sky],
        values: {
          title: 'On a marché sur la Lune',
          series: 'Les Aventures de Tintin',
          issue: 17,
          writers: ['Hergé'],
          artists: ['Hergé'],
          publisher: 'Casterman',
          year: 1954,
          read: true,
          rating: 5,
          shelf: 'Couloir, en haut',
          summary: 'Tintin, Milou, le capitaine Haddock et le professeur Tournesol partent pour la Lune à bord de la fusée à damier.',
        },
      },
      {
        cover: [C.slate, C.orange],
        values: {
          title: 'Quelque part entre les ombres',
          series: 'Blacksad',
          issue: 1,
          writers: ['Juan Díaz Canales'],
          artists: ['Juanjo Guarnido'],
          publisher: 'Dargaud',
          year: 2000,
          read: true,
          rating: 5,
          signed: true,
          shelf: 'Salon',
        },
      },
      {
        values: {
          title: 'Persepolis',
          writers: ['Marjane Satrapi'],
          artists: ['Marjane Satrapi'],
          publisher: 'L’Association',
          year: 2000,
          read: true,
          rating: 4.5,
          shelf: 'Salon',
          summary: 'Une enfance à Téhéran pendant la révolution islamique, racontée en noir et blanc.',
        },
      },
      {
        values: {
          title: 'L’Arabe du futur',
          issue: 1,
          series: 'L’Arabe du futur',
          writers: ['Riad Sattouf'],
          artists: ['Riad Sattouf'],
          publisher: 'Allary Éditions',
          year: 2014,
          read: false,
          shelf: 'Salon',
        },
      },
      {
        cover: [C.forest, C.cream],
        values: {
          title: 'Ceux qui restent',
          series: 'Les Vieux Fourneaux',
          issue: 1,
          writers: ['Wilfrid Lupano'],
          artists: ['Paul Cauuet'],
          publisher: 'Dargaud',
          year: 2014,
          read: true,
          rating: 4,
          shelf: 'Couloir, en bas',
        },
      },
      {
        values: {
          title: 'La Cité des eaux mouvantes',
          series: 'Valérian et Laureline',
          issue: 1,
          writers: ['Pierre Christin'],
          artists: ['Jean-Claude Mézières'],
          colorists: ['Évelyne Tranlé'],
          publisher: 'Dargaud',
          year: 1970,
          read: false,
          rating: 3.5,
          shelf: 'Couloir, en bas',
        },
      },
      {
        cover: [C.plum, C.lime],
        values: {
          title: 'Gala de gaffes',
          series: 'Gaston',
          issue: 2,
          writers: ['André Franquin'],
          artists: ['André Franquin'],
          publisher: 'Dupuis',
          year: 1963,
          read: true,
          rating: 4.5,
          shelf: 'Couloir, en haut',
        },
        quantity: 2,
      },
    ],
  },
];

/** Where the drawn pictures go: a picture of the item, not its cover. */
const SHELF_PHOTO = extra('shelf_photo', 'image', 'Shelf photo', 'Photo sur l’étagère');

/** The Quick rules file of the first game: a plain text file, stored as any non-image upload. */
const RULES_TEXT =
  'Catan — quick rules\n\n1. Roll two dice; every settlement next to that number takes its resource.\n2. Trade.\n3. Build roads, settlements and cities.\nFirst to 10 points wins.\n';
const RULES_NAME = 'Catan quick rules.txt';

/** A small picture: the background, a band across the upper third, and a thin line at the left. */
function shelfPhotoPng([background, band]: [Rgb, Rgb]): Uint8Array {
  return drawPng(60, 90, (x, y) => (x < 4 ? band : y >= 22 && y < 38 ? band : y >= 72 && y < 74 ? band : background));
}

/** Seeds the demo account unless it was done: answers whether this call seeded. */
export async function seedDemo(env: Env, db: Db): Promise<boolean> {
  const d1 = env.DB;
  const state = await d1
    .prepare('SELECT (SELECT id FROM users WHERE username = ?) AS owner, (SELECT value FROM maintenance_state WHERE name = ?) AS mark')
    .bind(DEMO_CREDENTIALS.username, DEMO_SEED_MARK)
    .first<{ owner: number | null; mark: string | null }>();
  if (!state?.owner || state.mark) return false;
  let created: D1Result<{ id: number }>[];
  try {
    created = await d1.batch<{ id: number }>([
      // Fails (and so does the whole batch) if another request marked it first.
      d1.prepare("INSERT INTO maintenance_state (name, value) VALUES (?, 'collections')").bind(DEMO_SEED_MARK),
      ...DEMO_COLLECTIONS.map((c) =>
        d1
          .prepare('INSERT INTO collections (owner_id, type, name, description, tags, visibility) VALUES (?, ?, ?, ?, ?, 0) RETURNING id')
          .bind(state.owner, c.type, c.name, c.description, JSON.stringify(c.tags)),
      ),
    ]);
  } catch (error) {
    if (String(error).includes('UNIQUE')) return false;
    throw error;
  }
  const ids = created.slice(1).map((result) => result.results[0]!.id);

  const statements: D1PreparedStatement[] = [];
  for (const [index, collection] of DEMO_COLLECTIONS.entries()) {
    const collectionId = ids[index]!;
    const props = [...TEMPLATES[collection.type], ...collection.extra, SHELF_PHOTO].map((p) =>
      collection.multiple?.includes(p.key) ? { ...p, multiple: true } : p,
    );
    const photoKey = SHELF_PHOTO.key;
    const withMedia: Values[] = [];
    for (const item of collection.items) {
      const values: Values = { ...item.values };
      if (item.cover) {
        const key = `collections/${collectionId}/${crypto.randomUUID()}.png`;
        await env.MEDIA.put(key, shelfPhotoPng(item.cover), {
          httpMetadata: { contentType: 'image/png' },
          customMetadata: { filename: `${String(item.values.title)}.png` },
        });
        values[photoKey] = toMediaValue(key);
      }
      if (collection.type === 'board_games' && item.values.title === 'Catan') {
        const key = `collections/${collectionId}/${crypto.randomUUID()}.bin`;
        await env.MEDIA.put(key, new TextEncoder().encode(RULES_TEXT), {
          httpMetadata: { contentType: 'application/octet-stream' },
          customMetadata: { filename: RULES_NAME },
        });
        values.rules = toMediaValue(key);
      }
      withMedia.push(values);
    }
    const propertyRows = props.map((p, order) => [
      p.key,
      p.label.en_US,
      p.type,
      order,
      p.suffix ?? null,
      p.hideLabel ?? false,
      p.inSummary ?? false,
      p.isTitle ?? false,
      p.isSubtitle ?? false,
      p.isCover ?? false,
      p.isReference ?? false,
      p.multiple ?? false,
      p.required ?? false,
      p.filterable ?? false,
      p.searchable ?? false,
      p.sortable ?? false,
      // The template's own properties are shown in each visitor's language.
      TEMPLATES[collection.type].some((t) => t.key === p.key && t.label.en_US === p.label.en_US) ? collection.type : null,
    ]);
    const valueRows: unknown[][] = [];
    withMedia.forEach((values, itemIndex) => {
      for (const prop of props) {
        const raw = values[prop.key];
        if (raw === undefined) continue;
        const list = prop.multiple && Array.isArray(raw) ? raw : [raw];
        list.forEach((entry, position) => {
          const result = normalizeValue(prop.type, entry);
          if (!result.ok || result.value === null) throw new Error(`demo value ${prop.key}: ${result.ok ? 'empty' : result.reason}`);
          const keys = sortKeys(prop.type, result.value);
          valueRows.push([
            itemIndex,
            prop.key,
            position,
            JSON.stringify(result.value),
            keys.sortText,
            keys.naturalKey,
            keys.sortNumber,
            prop.sortable ?? false,
          ]);
        });
      }
    });
    statements.push(
      d1
        .prepare(
          `INSERT INTO properties (collection_id, key, label, type, display_order, suffix, hide_label, in_summary, is_title, is_subtitle,
             is_cover, is_reference, multiple, required, filterable, searchable, sortable, visibility, label_template)
           SELECT ?1, p.value ->> 0, p.value ->> 1, p.value ->> 2, p.value ->> 3, p.value ->> 4, p.value ->> 5, p.value ->> 6, p.value ->> 7,
             p.value ->> 8, p.value ->> 9, p.value ->> 10, p.value ->> 11, p.value ->> 12, p.value ->> 13, p.value ->> 14, p.value ->> 15, 0,
             p.value ->> 16
           FROM json_each(?2) p ORDER BY p.key`,
        )
        .bind(collectionId, JSON.stringify(propertyRows)),
      // One statement, rows in order: the new items' ids follow each other from the collection's first.
      d1
        .prepare('INSERT INTO items (collection_id, quantity) SELECT ?1, q.value FROM json_each(?2) q ORDER BY q.key')
        .bind(collectionId, JSON.stringify(collection.items.map((i) => i.quantity ?? 1))),
      d1
        .prepare(
          `INSERT INTO item_values (item_id, property_id, position, value, sort_text, natural_key, sort_number, level, sortable)
           SELECT (SELECT min(id) FROM items WHERE collection_id = ?1) + (v.value ->> 0),
             (SELECT id FROM properties WHERE collection_id = ?1 AND key = v.value ->> 1),
             v.value ->> 2, v.value ->> 3, v.value ->> 4, v.value ->> 5, v.value ->> 6, 0, v.value ->> 7
           FROM json_each(?2) v`,
        )
        .bind(collectionId, JSON.stringify(valueRows)),
    );
  }
  statements.push(...demoLending(d1, state.owner, ids[0]!));
  await d1.batch(statements);
  // The cached data, search rows and sort gaps, built by the item write path's own statements.
  await db.batch([
    ...ids.flatMap((id) => [...refreshCollection(db, id, 'data-and-search'), ...sortGaps(db, { collectionId: id }, 'TRUE', 'fill')]),
    db.run(sql.raw(`UPDATE maintenance_state SET value = 'done' WHERE name = '${DEMO_SEED_MARK}'`)),
  ] as unknown as Parameters<Db['batch']>[0]);
  return true;
}

/** Borrowers of the demo account. */
const DEMO_BORROWERS = [
  ['Alice Martin', 'alice@example.org', '+33 6 12 34 56 78'],
  ['Bob Dupont', 'bob@example.org', null],
  ['Carla Rossi', 'carla@example.org', null],
] as const;

/**
 * Lending in every state on the first demo collection (anyone may ask there): a request waiting, one
 * accepted, one declined, a current loan, an overdue one and a returned one, dated around today.
 */
function demoLending(d1: D1Database, ownerId: number, collectionId: number): D1PreparedStatement[] {
  // [item index, borrower index, state, days from today: lent on, due, returned, wanted from, wanted until]
  const loans = [
    [0, 0, 'asked', null, null, null, 7, 21, 'Could I read it during the holidays?', null],
    [1, 1, 'accepted', null, null, null, 2, 16, null, null],
    [1, 2, 'rejected', null, null, null, 3, 10, 'For my book club', 'Already promised to Bob, sorry!'],
    [2, 2, 'lent', -5, 16, null, null, null, null, null],
    [3, 1, 'lent', -40, -10, null, null, null, null, null],
    [4, 0, 'returned', -60, -39, -41, null, null, null, null],
  ] as const;
  const day = (offset: number | null) => (offset === null ? null : `date('now', '${offset >= 0 ? '+' : ''}${offset} days')`);
  return [
    d1.prepare('UPDATE collections SET borrowable = 0 WHERE id = ?').bind(collectionId),
    ...DEMO_BORROWERS.map(([name, email, phone]) =>
      d1.prepare('INSERT INTO borrowers (owner_id, name, email, phone) VALUES (?, ?, ?, ?)').bind(ownerId, name, email, phone),
    ),
    ...loans.map(([item, borrower, state, lent, due, returned, from, until, message, response]) =>
      d1
        .prepare(
          `INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, returned_on, wanted_from, wanted_until, message, response,
             asked_at, accepted_at, rejected_at, lent_at, returned_at)
           SELECT (SELECT min(id) FROM items WHERE collection_id = ?1) + ?2, ?3, (SELECT id FROM borrowers WHERE owner_id = ?3 AND email = ?4), ?5,
             ${day(lent)}, ${day(due)}, ${day(returned)}, ${day(from)}, ${day(until)}, ?6, ?7,
             CASE WHEN ?5 IN ('asked', 'accepted', 'rejected') THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 days') END,
             CASE WHEN ?5 = 'accepted' THEN ${NOW_SQL} END,
             CASE WHEN ?5 = 'rejected' THEN ${NOW_SQL} END,
             CASE WHEN ?5 IN ('lent', 'returned') THEN ${day(lent) ?? 'NULL'} END,
             CASE WHEN ?5 = 'returned' THEN ${day(returned) ?? 'NULL'} END`,
        )
        .bind(collectionId, item, ownerId, DEMO_BORROWERS[borrower][1], state, message, response),
    ),
  ];
}

/** Per database binding: already seeded or found seeded, so later requests of the isolate skip the query. */
const seededIn = perDatabase<true>();

/** In demo mode, seeds the demo account on the first request an isolate serves (one query after that). */
export async function ensureDemoSeed(env: Env, db: Db): Promise<void> {
  if (env.DEMO_MODE !== 'true' || seededIn.has(env.DB)) return;
  try {
    await seedDemo(env, db);
  } catch (error) {
    // The demo still works without its examples; the log says why they are missing.
    console.error('demo seed failed', error instanceof Error ? error.message : error);
  }
  seededIn.set(env.DB, true);
}
