// GCstar's music collection (GCmusics.gcm): every field of the model, labelled as GCstar's English shows them.
import { f, LENDING_FIELDS, TAG_FIELDS, type GcstarModel } from '../gcstar-fields';

export const GC_MUSICS: GcstarModel = {
  type: null,
  fields: [
    f('unique', 'ISRC/EAN', 'text'),
    f('title', 'Title', 'text'),
    f('cover', 'Cover', 'image'),
    f('backpic', 'Back', 'image'),
    f('artist', 'Artist', 'text'),
    f('running', 'Running time', 'text'),
    f('release', 'Release date', 'date', undefined, false, 'date'),
    f('label', 'Label', 'text'),
    f('genre', 'Genre', 'text', undefined, true, 'commas'),
    f('tracks', 'Tracks list', 'text', undefined, true, 'columns'),
    f('rating', 'Rating', 'rating', undefined, false, 'rating10'),
    f('ratingpress', 'Press Rating', 'rating', undefined, false, 'rating10'),
    f('added', 'Add date', 'date', undefined, false, 'date'),
    f('location', 'Location', 'text'),
    f('origin', 'Origin', 'text'),
    f('composer', 'Composer', 'text'),
    f('producer', 'Producer', 'text'),
    f('format', 'Format', 'text'),
    f('playlist', 'Playlist', 'text'),
    f('comments', 'Comments', 'longtext'),
    f('web', 'Web page', 'url'),
    ...LENDING_FIELDS,
    ...TAG_FIELDS,
  ],
};
