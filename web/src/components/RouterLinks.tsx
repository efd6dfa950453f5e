import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AppLinks, type AppLinkProps } from './AppLink.js';

function RouterLink(props: AppLinkProps) {
  return <Link {...props} />;
}

/** Inside the router: the app's links (AppLink, ButtonLink) navigate in the page. */
export function RouterLinks({ children }: { children: ReactNode }) {
  return <AppLinks value={RouterLink}>{children}</AppLinks>;
}
