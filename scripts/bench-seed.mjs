// Seeds a local D1 for `npm run bench`: the built-in admin, and for each size a public collection of
// that many books with 15 properties (3 filterable, 2 sortable, multi-valued authors, covers), all
// generated inside SQLite with recursive CTEs so the SQL stays small whatever the size.
// Search is indexed afterwards by the Worker (see scripts/bench.mjs).
// Lending (lendingSql): the admin's borrowers, an item with a long loan history and current loans for
// the overview; and a second user whose collection has 1,000 loans for the reminders' cron to work on.
// publicShelfSql: the one collection the public pages are measured on. SHARED: the 10,000-item collection's
// 50 members; holdQueuesSql: 1,000 waiting lists for the hourly job, seeded while the bench runs.
import { pbkdf2Sync, randomBytes } from 'node:crypto';

const ITERATIONS = 75_000;

export function adminHash(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  return `pbkdf2-sha256$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

// key, type, label, flags
export const PROPERTIES = [
  ['title', 'text', 'Title', { is_title: 1, searchable: 1, sortable: 1 }],
  ['subtitle', 'text', 'Subtitle', { is_subtitle: 1, searchable: 1 }],
  ['cover', 'image', 'Cover', { is_cover: 1 }],
  ['authors', 'text', 'Authors', { multiple: 1, searchable: 1, filterable: 1, in_summary: 1 }],
  // Seeded not searchable: the bench turns it on through the API, which rebuilds the search index with
  // the Worker's own code (so the seed does not repeat how the index is made).
  ['series', 'text', 'Series', {}],
  ['publisher', 'text', 'Publisher', {}],
  ['year', 'number', 'Year', { sortable: 1, filterable: 1, in_summary: 1 }],
  ['pages', 'number', 'Pages', {}],
  ['isbn', 'text', 'ISBN', { is_reference: 1, searchable: 1 }],
  ['language', 'text', 'Language', {}],
  ['genre', 'text', 'Genre', { filterable: 1 }],
  ['format', 'text', 'Format', {}],
  ['summary', 'longtext', 'Summary', { searchable: 1 }],
  ['read', 'yesno', 'Read', {}],
  ['rating', 'rating', 'Rating', {}],
];

/**
 * The large collection's more properties (after PROPERTIES, so the others keep their ids): a date of
 * acquisition over twenty years, one of 7,300 days an item, and a price of 50,000 values (a cent apart
 * from 0 to 499.99), for ranges over more values than a count reads.
 */
export const LARGE_ONLY = [
  ['acquired', 'date', 'Acquired', { sortable: 1, filterable: 1 }],
  ['price', 'number', 'Price', { filterable: 1 }],
];

const GENRES = [
  'fantasy',
  'science fiction',
  'mystery',
  'romance',
  'history',
  'poetry',
  'travel',
  'cooking',
  'biography',
  'horror',
  'comics',
  'essays',
];
// Words are made of two syllables (23 × 19 = 437 words), so a search term matches about as many items
// as a word of a real library does: a few in a thousand.
const FIRST = [
  'sa',
  'mo',
  'ri',
  'ka',
  'tel',
  'vo',
  'lu',
  'den',
  'qui',
  'bra',
  'sto',
  'fen',
  'gal',
  'hir',
  'jo',
  'nar',
  'pel',
  'ros',
  'ul',
  'ves',
  'wim',
  'zen',
  'cor',
];
const SECOND = [
  'ga',
  'nis',
  'dor',
  'lex',
  'mar',
  'ton',
  'vik',
  'sel',
  'rah',
  'bel',
  'quin',
  'dus',
  'fal',
  'gor',
  'hest',
  'ly',
  'mot',
  'per',
  'tra',
];
/** The word number x of the seed's vocabulary; SQL builds the same with sqlWord(). */
export const word = (x) => FIRST[x % FIRST.length] + SECOND[Math.floor(x / FIRST.length) % SECOND.length];
const sqlWord = (expr) => `(${pick(FIRST, expr)} || ${pick(SECOND, `(${expr}) / ${FIRST.length}`)})`;
/** A search term of the benchmark: the first word of item 1's title. */
export const SEARCH_TERM = word(7);
const sqlList = (values) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** SQL of one text value chosen by an expression of n from a list. */
function pick(list, expr) {
  return `(SELECT value FROM json_each(json_array(${sqlList(list)})) WHERE key = (${expr}) % ${list.length})`;
}

/** The loans of the lending scenarios (scripts/bench.mjs names what each one measures). */
/**
 * A collection shared with many people: the 10,000-item collection (id 1) has this many members (users
 * 101…150, each signing in with the admin's password), the first a viewer (`member-1`, whose pages the
 * bench measures beside the owner's), one in five an editor.
 */
export const SHARED = { collection: 1, members: 50, firstUser: 101, login: 'member-1' };

/**
 * Waiting lists for the hourly hold-offers job (holdQueuesSql, seeded while the bench runs, once the
 * reminders are sent): a collection of `items` one-copy items of the second user's, each with a returned
 * loan (its copy free again) and `waiting` people in line. Its id stays clear of the collections the bench
 * creates through the API meanwhile (the next free ids).
 */
export const HOLD_QUEUES = { collection: 9, items: 1000, waiting: 2 };

export const LENDING = {
  /** The item page's item (in the 100,000 collection) and its history of returned loans. */
  historyItem: 2_000_500,
  historyLoans: 20,
  /** Current loans of the admin, on the first items of the 10,000 collection: the overview. */
  currentLoans: 200,
  /** The second user's collection, and its lent loans the cron reminds or chases (half each). */
  cronCollection: 3,
  cronLoans: 1000,
};

/** Items name one of this many covers, collections/{id}/cover-{n % COVER_COUNT}.jpg (not in R2 unless put there). */
export const COVER_COUNT = 50;
const COVER_NAME = 'cover';
/** The R2 key of a seeded collection's cover number `index`. */
export const coverKey = (cid, index) => `collections/${cid}/${COVER_NAME}-${index}.jpg`;

/** Numbers 1..count as rows of `seq(n)`, generated inside SQLite. */
const range = (count) => `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count})`;

function collectionSql(cid, size, ownerId) {
  const statements = [];
  const properties = cid === 2 ? [...PROPERTIES, ...LARGE_ONLY] : PROPERTIES;
  statements.push(
    `INSERT INTO collections (id, owner_id, name, type, visibility, borrowable) VALUES (${cid}, ${ownerId}, 'Bench ${size}', 'books', 0, 0);`,
  );
  properties.forEach(([key, type, label, flags], order) => {
    const cols = Object.keys(flags);
    statements.push(
      `INSERT INTO properties (id, collection_id, key, label, type, display_order${cols.map((c) => `, ${c}`).join('')}) VALUES (${cid * 100 + order}, ${cid}, '${key}', '${label}', '${type}', ${order}${cols.map((c) => `, ${flags[c]}`).join('')});`,
    );
  });
  const seq = range(size);
  const base = cid * 1_000_000;
  statements.push(
    `${seq} INSERT INTO items (id, collection_id, quantity, level, created_at, updated_at) SELECT ${base} + n, ${cid}, 1 + n % 3, 0, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes') FROM seq;`,
  );
  const value = (key, position, expr, kind) => {
    const pid = cid * 100 + properties.findIndex((p) => p[0] === key);
    const sortText = kind === 'text' ? `lower(${expr})` : 'NULL';
    // A date's sort number is its midnight (UTC) in milliseconds, as the Worker's sortKeys() gives it.
    const sortNumber = kind === 'number' ? expr : kind === 'yesno' ? `(${expr})` : kind === 'date' ? `unixepoch(${expr}) * 1000` : 'NULL';
    const json = kind === 'yesno' ? `CASE WHEN ${expr} THEN 'true' ELSE 'false' END` : `json_quote(${expr})`;
    // The natural key is the Worker's to compute (shared/sort-key.ts); the lower-cased text stands in for
    // it here, so sorted pages walk an index of the same size and shape as real data would make.
    const sortable = properties.find((p) => p[0] === key)[3].sortable ? 1 : 0;
    return `${seq} INSERT INTO item_values (item_id, property_id, position, value, sort_text, natural_key, sort_number, sortable) SELECT ${base} + n, ${pid}, ${position}, ${json}, ${sortText}, ${sortText}, ${sortNumber}, ${sortable} FROM seq;`;
  };
  statements.push(
    value('title', 0, `${sqlWord('n * 7')} || ' ' || ${sqlWord('n * 13 + 5')} || ' ' || n`, 'text'),
    value('subtitle', 0, `'Volume ' || (n % 12 + 1)`, 'text'),
    value('cover', 0, `'media://collections/${cid}/${COVER_NAME}-' || (n % ${COVER_COUNT}) || '.jpg'`, 'text'),
    value('authors', 0, `'Author ' || (n % 997)`, 'text'),
    value('authors', 1, `'Author ' || ((n * 7) % 991)`, 'text'),
    value('series', 0, `'Series ' || (n % 2000)`, 'text'),
    value('publisher', 0, `'Publisher ' || (n % 150)`, 'text'),
    value('year', 0, `1900 + n % 125`, 'number'),
    value('pages', 0, `80 + n % 900`, 'number'),
    value('isbn', 0, `printf('978%010d', n)`, 'text'),
    value('language', 0, pick(['English', 'French', 'German', 'Spanish', 'Italian'], 'n'), 'text'),
    value('genre', 0, pick(GENRES, 'n / 3'), 'text'),
    value('format', 0, pick(['paperback', 'hardcover', 'ebook', 'audiobook'], 'n'), 'text'),
    value(
      'summary',
      0,
      `'A story of ' || ${sqlWord('n * 17 + 1')} || ' and ' || ${sqlWord('n * 19 + 2')} || ' in the ' || ${sqlWord('n * 23 + 3')}`,
      'text',
    ),
    value('read', 0, `n % 2 = 0`, 'yesno'),
    value('rating', 0, `(n % 11) / 2.0`, 'number'),
    ...(cid === 2
      ? [
          value('acquired', 0, `date('2005-01-01', '+' || ((n * 37) % 7300) || ' days')`, 'date'),
          value('price', 0, `((n * 7919) % 50000) / 100.0`, 'number'),
        ]
      : []),
  );
  // items.data, the values cached as JSON that pages read, as the Worker's writer builds it (rebuildData in
  // worker/src/features/items/items.writer.ts): without it, every card and item page would show no value.
  statements.push(
    `UPDATE items AS i SET data = coalesce((
       SELECT json_group_object(g.pid, json(g.v)) FROM (
         SELECT v.property_id AS pid,
           CASE WHEN p.multiple = 1
             THEN (SELECT json_group_array(json(x.value)) FROM (
               SELECT value FROM item_values x WHERE x.item_id = v.item_id AND x.property_id = v.property_id ORDER BY x.position) x)
             ELSE min(v.value) END AS v
         FROM item_values v JOIN properties p ON p.id = v.property_id
         WHERE v.item_id = i.id
         GROUP BY v.property_id) g), '{}')
     WHERE i.collection_id = ${cid};`,
  );
  // The items without a value to sort by, as the Worker's writer keeps them (migration 0015's condition).
  statements.push(
    `INSERT INTO item_sort_gaps (property_id, created_at, item_id) SELECT p.id, i.created_at, i.id FROM properties p JOIN items i ON i.collection_id = p.collection_id
     WHERE p.collection_id = ${cid} AND p.sortable = 1 AND NOT EXISTS (SELECT 1 FROM item_values s WHERE s.item_id = i.id AND s.property_id = p.id AND s.position = 0
       AND s.sortable = 1 AND (CASE WHEN p.type IN ('number', 'rating', 'date', 'datetime') THEN s.sort_number ELSE s.natural_key END) IS NOT NULL);`,
  );
  return statements;
}

function lendingSql() {
  const { historyItem, historyLoans, currentLoans, cronCollection, cronLoans } = LENDING;
  const today = `'now'`;
  return [
    // The admin's borrowers: one per current loan.
    `${range(currentLoans)} INSERT INTO borrowers (id, owner_id, name, email, locale) SELECT n, 1, 'Borrower ' || n, 'borrower-' || n || '@example.com', 'en_US' FROM seq;`,
    `${range(historyLoans)} INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, returned_on, lent_at, returned_at)
       SELECT ${historyItem}, 1, n, 'returned', date(${today}, '-' || (n * 30 + 20) || ' days'), date(${today}, '-' || (n * 30) || ' days'),
         date(${today}, '-' || (n * 30 + 2) || ' days'), date(${today}, '-' || (n * 30 + 20) || ' days'), date(${today}, '-' || (n * 30 + 2) || ' days') FROM seq;`,
    `${range(currentLoans)} INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, lent_at)
       SELECT 1000000 + n, 1, n, 'lent', date(${today}, '-10 days'), date(${today}, '+' || (10 + n % 20) || ' days'), date(${today}, '-10 days') FROM seq;`,
    // The cron's loans: half due tomorrow (a reminder each), half a few days late (an overdue notice
    // each, and the owner's digest).
    `${range(cronLoans)} INSERT INTO borrowers (id, owner_id, name, email, locale) SELECT 10000 + n, 2, 'Reader ' || n, 'reader-' || n || '@example.com', CASE n % 2 WHEN 0 THEN 'en_US' ELSE 'fr_FR' END FROM seq;`,
    `${range(cronLoans)} INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, lent_at)
       SELECT ${cronCollection * 1_000_000} + n, 2, 10000 + n, 'lent', date(${today}, '-20 days'),
         CASE n % 2 WHEN 0 THEN date(${today}, '+1 day') ELSE date(${today}, '-3 days') END, date(${today}, '-20 days') FROM seq;`,
  ];
}

/** The members of the shared collection (SHARED), with the given password hash. */
function sharedSql(hash) {
  const { collection, members, firstUser } = SHARED;
  return [
    `${range(members)} INSERT INTO users (id, username, email, password_hash, is_admin, first_name) SELECT ${firstUser - 1} + n, 'member-' || n, 'member-' || n || '@example.com', '${hash}', 0, 'Member ' || n FROM seq;`,
    `${range(members)} INSERT INTO collection_members (collection_id, user_id, role) SELECT ${collection}, ${firstUser - 1} + n, CASE WHEN n % 5 = 0 THEN 'editor' ELSE 'viewer' END FROM seq;`,
  ];
}

/**
 * HOLD_QUEUES: the collection, its one-copy items, a returned loan of each (to the second user's cron
 * borrowers), and people waiting: borrowers 20001… in line, `waiting` an item, in the order they joined.
 */
export function holdQueuesSql() {
  const { collection, items, waiting } = HOLD_QUEUES;
  const base = collection * 1_000_000;
  const people = items * waiting;
  return [
    // A state used again (--reuse-state) holds the queues of the run before: they go first.
    `DELETE FROM collections WHERE id = ${collection};`,
    `DELETE FROM borrowers WHERE owner_id = 2 AND id > 20000;`,
    ...collectionSql(collection, items, 2),
    `UPDATE items SET quantity = 1 WHERE collection_id = ${collection};`,
    `${range(items)} INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, returned_on, lent_at, returned_at)
       SELECT ${base} + n, 2, 10000 + n, 'returned', date('now', '-30 days'), date('now', '-2 days'), date('now', '-1 day'), date('now', '-30 days'), date('now', '-1 day') FROM seq;`,
    `${range(people)} INSERT INTO borrowers (id, owner_id, name, email, locale) SELECT 20000 + n, 2, 'Waiting ' || n, 'waiting-' || n || '@example.com', CASE n % 2 WHEN 0 THEN 'en_US' ELSE 'fr_FR' END FROM seq;`,
    `${range(people)} INSERT INTO holds (item_id, owner_id, borrower_id, state, position, locale)
       SELECT ${base} + 1 + (n - 1) % ${items}, 2, 20000 + n, 'waiting', 1 + (n - 1) / ${items}, CASE n % 2 WHEN 0 THEN 'en_US' ELSE 'fr_FR' END FROM seq;`,
  ].join('\n');
}

const adminSql = (adminPassword) =>
  `INSERT INTO users (id, username, password_hash, is_admin, first_name) VALUES (1, 'admin', '${adminHash(adminPassword)}', 1, 'Administrator');`;

export function seedSql({ adminPassword, sizes }) {
  const statements = [
    adminSql(adminPassword),
    `INSERT INTO users (id, username, email, password_hash, is_admin, first_name, locale) VALUES (2, 'lender', 'lender@example.com', '${adminHash(adminPassword)}', 0, 'Lena', 'fr_FR');`,
  ];
  sizes.forEach((size, index) => statements.push(...collectionSql(index + 1, size, 1)));
  statements.push(...collectionSql(LENDING.cronCollection, LENDING.cronLoans, 2), ...lendingSql(), ...sharedSql(adminHash(adminPassword)));
  return statements.join('\n');
}

/**
 * The public pages' instance (scripts/bench-lighthouse.mjs): the admin and one public collection of
 * `size` books (id 1, items 1000001…) open to borrowing, whose covers are coverKey(1, 0…COVER_COUNT - 1).
 */
export function publicShelfSql({ adminPassword, size }) {
  return [adminSql(adminPassword), ...collectionSql(1, size, 1), 'UPDATE collections SET borrowable = 1 WHERE id = 1;'].join('\n');
}
