import { useEffect } from 'react';

/** Public pages block the context menu. */
export function useBlockContextMenu(): void {
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
}
