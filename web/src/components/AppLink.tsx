import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The app path (or address) the link leads to. */
  to: string;
  /** A plain link even inside the router: the next page is a new document. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * How links are drawn: the app's router gives its own link (a click changes the page in place); with
 * none, as on the visitor pages the light entry hydrates (src/visitor), a link is a plain anchor and a
 * click loads the next page. Both draw the same `<a href>`.
 */
const LinkComponent = createContext<ComponentType<AppLinkProps> | null>(null);

export const AppLinks = LinkComponent.Provider;

/** A link to a page of the app, through the router when there is one. */
export function AppLink({ to, reloadDocument = false, ...rest }: AppLinkProps) {
  const RouterLink = useContext(LinkComponent);
  return RouterLink && !reloadDocument ? <RouterLink to={to} {...rest} /> : <a href={to} {...rest} />;
}
