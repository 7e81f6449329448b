// A BoardGameGeek collection as its XML API answers it (/xmlapi2/collection?username=…&stats=1): one
// <item> per game with its name, year, picture address, player counts, play time, the person's rating
// (1–10, halved to Vitrine's 0–5) and what they said of it (owned, wished for…). It fills the board
// games template.
import { halveRating, putValues, importField, type ImportField, type ImportRecord } from './records';
import { child, type XmlElement } from './xml';

export const BGG_RECORD = 'item';

/** <items totalitems="…"> whose items are things: BoardGameGeek's own answer. */
export const isBggHead = (head: string) => /<items[\s>]/.test(head) && /<item\s[^>]*objecttype="thing"/.test(head);

/** The statuses a collection entry may have, as BoardGameGeek names them. */
const STATUSES = ['own', 'prevowned', 'fortrade', 'want', 'wanttoplay', 'wanttobuy', 'wishlist', 'preordered'] as const;

export const BGG_FIELDS: ImportField[] = [
  importField('title', 'name', 'text', 'title'),
  importField('year', 'yearpublished', 'number', 'year'),
  importField('cover', 'image', 'image', 'cover'),
  importField('players_min', 'minplayers', 'number', 'players_min'),
  importField('players_max', 'maxplayers', 'number', 'players_max'),
  importField('play_time', 'playingtime', 'number', 'play_time'),
  importField('rating', 'rating', 'rating', 'rating'),
  importField('status', 'status', 'text', undefined, true),
  importField('plays', 'numplays', 'number'),
  importField('comment', 'comment', 'longtext'),
  importField('link', 'boardgamegeek.com', 'url'),
];

export function bggRecord(row: number, item: XmlElement): ImportRecord {
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: (string | undefined)[]) => putValues(values, key, texts);
  // BoardGameGeek writes 0 for what it does not know.
  const known = (text: string | undefined) => (text?.trim() === '0' ? undefined : text);
  const stats = child(item, 'stats');
  const status = child(item, 'status');
  put('title', child(item, 'name')?.text);
  put('year', known(child(item, 'yearpublished')?.text));
  put('cover', child(item, 'image')?.text);
  put('players_min', known(stats?.attrs.minplayers));
  put('players_max', known(stats?.attrs.maxplayers));
  put('play_time', known(stats?.attrs.playingtime));
  put('rating', halveRating(child(stats, 'rating')?.attrs.value));
  put('status', ...STATUSES.filter((s) => status?.attrs[s] === '1'));
  put('plays', child(item, 'numplays')?.text);
  put('comment', child(item, 'comment')?.text);
  const game = item.attrs.objectid?.trim() || null;
  if (game && /^\d+$/.test(game)) put('link', `https://boardgamegeek.com/boardgame/${game}`);
  // Two copies of a game are two entries of the collection (each its collid): the entry is the item. The
  // game's id was the reference before, and still finds the items imported then.
  const entry = item.attrs.collid?.trim();
  if (!entry) return { row, id: game, values };
  return { row, id: `collid:${entry}`, ...(game && { formerIds: [game] }), values };
}
