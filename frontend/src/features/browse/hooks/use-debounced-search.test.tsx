import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  useLocation,
  useSearchParams,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  SEARCH_DEBOUNCE_MS,
  useDebouncedSearch,
} from '@/features/browse/hooks/use-debounced-search';

/** A search box that commits to `?q=` as the browse page does, with a link to a slow page. */
function SearchBox() {
  const [params, setParams] = useSearchParams();
  const search = useDebouncedSearch(
    params.get('q') ?? '',
    (term, replace) => {
      setParams(term ? { q: term } : {}, { replace });
    },
    { maxLength: 100 },
  );
  return (
    <>
      <input
        aria-label="Zoeken"
        value={search.text}
        onChange={(event) => {
          search.setText(event.target.value);
        }}
      />
      <Link to="/vrijwilliger/7">Bekijk profiel</Link>
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return (
    <p>
      Pagina: {pathname}
      {search}
    </p>
  );
}

/** The list page, and a profile page whose loader answers only when `release` is called. */
function renderWithSlowPage() {
  let release: (() => void) | undefined;
  const router = createMemoryRouter(
    [
      {
        path: '/profielen',
        element: (
          <>
            <SearchBox />
            <Where />
          </>
        ),
      },
      {
        path: '/vrijwilliger/:id',
        loader: () =>
          new Promise<null>((resolve) => {
            release = () => {
              resolve(null);
            };
          }),
        element: <Where />,
      },
    ],
    { initialEntries: ['/profielen'] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    release: () => {
      release?.();
    },
  };
}

describe('useDebouncedSearch', () => {
  it('commits the typed term once typing pauses', async () => {
    const user = userEvent.setup();
    const { router } = renderWithSlowPage();
    await user.type(screen.getByRole('textbox', { name: 'Zoeken' }), 'Fleur');
    expect(router.state.location.search).toBe('');
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100)));
    expect(router.state.location.search).toBe('?q=Fleur');
  });

  it('commits nothing once a link is taking the person to another page', async () => {
    const user = userEvent.setup();
    const { router, release } = renderWithSlowPage();
    await user.type(screen.getByRole('textbox', { name: 'Zoeken' }), 'Fleur');
    await user.click(screen.getByRole('link', { name: 'Bekijk profiel' }));
    expect(router.state.navigation.state).toBe('loading');

    // The pause passes while the profile page is still loading: the search must not pull the
    // person back to the list.
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100)));
    expect(router.state.navigation.location?.pathname).toBe('/vrijwilliger/7');
    await act(async () => {
      release();
      await Promise.resolve();
    });
    expect(await screen.findByText('Pagina: /vrijwilliger/7')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vrijwilliger/7');
  });
});
