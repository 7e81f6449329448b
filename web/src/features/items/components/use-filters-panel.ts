// Whether the collection page's side panel of filters is unfolded. Folded by default, so a collection
// opens on its covers; the choice is kept in this browser for the next collection opened.
import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@shared/constants';
import { writeStorage } from '@web/lib/storage';
import { useStored } from '@web/lib/use-stored';

export function useFiltersPanel(): [open: boolean, toggle: () => void] {
  const stored = useStored(STORAGE_KEYS.filtersPanel) === 'open';
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? stored;
  const toggle = useCallback(() => {
    writeStorage(STORAGE_KEYS.filtersPanel, open ? 'closed' : 'open');
    setChosen(!open);
  }, [open]);
  return [open, toggle];
}
