import { useState } from 'react';

/** True from the first time `open` is true: a dialog's code, once fetched, stays mounted. */
export function useOnceOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
