import { Page } from './Page.js';

/** A route whose screen is not built yet: says so plainly instead of pretending. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Page>
      <h1>{title}</h1>
      <p>This page is not available yet.</p>
    </Page>
  );
}
