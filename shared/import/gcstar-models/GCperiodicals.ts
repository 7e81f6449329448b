// GCstar's periodicals collection (GCperiodicals.gcm): every field of the model, labelled as GCstar's English shows them.
import { f, type GcstarModel } from '../gcstar-fields';

export const GC_PERIODICALS: GcstarModel = {
  type: null,
  fields: [
    f('gcsfield1', 'Title', 'text'),
    f('gcsfield2', 'Periodical', 'text'),
    f('gcsfield3', 'Number', 'text'),
    f('gcsfield4', 'Date', 'date', undefined, false, 'date'),
    f('gcsfield5', 'Subject', 'text', undefined, true, 'commas'),
    f('gcsfield6', 'Cover', 'image'),
    f('gcsfield7', 'Articles', 'text', undefined, true, 'columns'),
  ],
};
