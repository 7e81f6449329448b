// Whether the collection page's side panel of filters is unfolded. Folded by default, so a collection
// opens on its covers; the choice is kept in this browser for the next collection opened.
import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../../../shared/constants';
import { readStorage, writeStorage } from '../../../lib/storage';

export function useFiltersPanel(): [open: boolean, toggle: () => void] {
  const [open, setOpen] = useState(() => readStorage(STORAGE_KEYS.filtersPanel) === 'open');
  const toggle = useCallback(() => {
    writeStorage(STORAGE_KEYS.filtersPanel, open ? 'closed' : 'open');
    setOpen(!open);
  }, [open]);
  return [open, toggle];
}
