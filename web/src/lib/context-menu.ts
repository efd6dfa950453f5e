import { useEffect } from 'react';

/** Public pages block the context menu (part 2 §2.1). */
export function useBlockContextMenu(): void {
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
}
