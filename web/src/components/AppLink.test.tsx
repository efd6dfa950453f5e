import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppLink } from './AppLink.js';
import { RouterLinks } from './RouterLinks.js';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

describe('AppLink', () => {
  it('is a plain anchor without the router (a light visitor page)', () => {
    render(
      <AppLink to="/card/event?link=ada" className="tile">
        Events
      </AppLink>,
    );
    const link = screen.getByRole('link', { name: 'Events' });
    expect(link).toHaveAttribute('href', '/card/event?link=ada');
    expect(link).toHaveClass('tile');
  });

  it("navigates in the page inside the router, unless it asks for a new document", async () => {
    const page = (
      <RouterLinks>
        <AppLink to="/next">Next</AppLink>
        <AppLink to="/elsewhere" reloadDocument>
          Elsewhere
        </AppLink>
        <Where />
      </RouterLinks>
    );
    const router = createMemoryRouter(
      [
        { path: '/', element: page },
        { path: '/next', element: page },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveAttribute('href', '/elsewhere');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('/next')).toBeInTheDocument();
  });
});
