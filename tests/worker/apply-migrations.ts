// Before each worker test file: an empty, migrated instance, whatever the file before it left.
import { freshInstance } from './fresh-instance';

await freshInstance();
