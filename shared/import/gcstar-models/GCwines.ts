// GCstar's wines collection (GCwines.gcm): every field of the model, labelled as GCstar's English shows them.
import { f, TAG_FIELDS, type GcstarModel } from '../gcstar-fields';

export const GC_WINES: GcstarModel = {
  type: null,
  fields: [
    f('name', 'Name', 'text'),
    f('designation', 'Designation', 'text'),
    f('vineyard', 'Vineyard', 'text'),
    f('vintage', 'Vintage', 'number'),
    f('type', 'Type', 'text'),
    f('grapes', 'Grapes', 'text', undefined, true, 'commas'),
    f('soil', 'Soil', 'text'),
    f('producer', 'Producer', 'text'),
    f('country', 'Country', 'text'),
    f('volume', 'Volume (ml)', 'number'),
    f('alcohol', 'Alcohol (%)', 'number'),
    f('medal', 'Distinction', 'text'),
    f('location', 'Location', 'text'),
    f('shelfindex', 'Index', 'text'),
    f('quantity', 'Quantity', 'number'),
    f('purchasedate', 'Purchase date', 'date', undefined, false, 'date'),
    f('purchaseprice', 'Purchase price', 'number'),
    f('gift', 'Gift', 'text'),
    f('bottlelabel', 'Bottle label', 'image'),
    f('website', 'Reference on the web', 'url'),
    f('tasted', 'Tasted', 'yesno'),
    f('rating', 'Rating', 'rating', undefined, false, 'rating10'),
    f('comments', 'Comments', 'longtext'),
    f('serving', 'Serving', 'longtext'),
    f('tasting', 'Testing notes', 'longtext'),
    ...TAG_FIELDS,
  ],
};
