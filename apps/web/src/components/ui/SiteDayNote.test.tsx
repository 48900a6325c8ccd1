import { accountApi, sitesApi } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE, siteFixture, TWO_SITES } from '@/test/site-fixtures';
import { SiteDayNote } from './SiteDayNote';
import { SiteFilter } from './SiteFilter';

const render = (eachSite?: boolean) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <SiteFilter />
            <SiteDayNote eachSite={eachSite} />
            <p>loaded</p>
          </>
        ),
      },
    ],
    { auth: fakeAuth(adminUser) },
  );

describe('which day a screen shows', () => {
  it('names the chosen site and its own today', async () => {
    fakeApi.on(sitesApi.list, TWO_SITES);
    fakeApi.on(accountApi.preferences, { site_id: 2 });
    render();
    expect((await screen.findByTestId('site-day')).textContent).toBe(
      'Today in Singapore Warehouse (Wednesday 8 July)',
    );
  });

  it("says each site's local day over every site in several zones, as the server or the zones say", async () => {
    fakeApi.on(sitesApi.list, TWO_SITES);
    fakeApi.on(accountApi.preferences, { site_id: null });
    render();
    expect((await screen.findByTestId('site-day-note')).textContent).toBe(
      "Today means each site's local day.",
    );
  });

  it('says nothing over every site when they keep one zone', async () => {
    fakeApi.on(sitesApi.list, {
      sites: [siteFixture(1, 'Head Office'), siteFixture(2, 'Leeds Depot')],
    });
    fakeApi.on(accountApi.preferences, { site_id: null });
    render();
    expect(await screen.findByRole('combobox', { name: 'Site' })).toBeTruthy();
    expect(screen.queryByTestId('site-day-note')).toBeNull();
    expect(screen.queryByTestId('site-day')).toBeNull();
  });

  it('shows neither filter nor day with a single site', async () => {
    fakeApi.on(sitesApi.list, ONE_SITE);
    fakeApi.on(accountApi.preferences, { site_id: null });
    render(false);
    await screen.findByText('loaded');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('combobox', { name: 'Site' })).toBeNull();
    expect(screen.queryByTestId('site-day-note')).toBeNull();
  });
});
