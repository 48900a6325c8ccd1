import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ALL_PAGES } from '../apps/web/src/app/layout/nav-items';
import { demo, signInAs } from './support/auth';

/**
 * Every page, and every tab of every page, as admin and as staff, on a phone and on a laptop:
 * no axe violation of any impact (best practices and WCAG 2.2's target size included), and
 * nothing wider than a 390 px screen. The routes come from the navigation itself, so a page
 * added there is checked here without touching this file (a web unit test keeps the
 * navigation and the router in step). Staff also visit the admin pages: the refusal must be
 * accessible too. The visits only read, so the tests of this file share the role's session of
 * their worker and run on as many workers as the config gives this project.
 */

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

/** Waits until the page has its data: no request in flight, no spinner showing. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('main')).toBeVisible();
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const found = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect.soft(found, `axe violations on ${where}`).toEqual([]);
}

async function expectFitsWidth(page: Page, where: string, width: number): Promise<void> {
  if (width > 400) return;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const innerWidth = await page.evaluate(() => window.innerWidth);
  expect
    .soft(scrollWidth, `${where} is wider than the ${innerWidth} px screen`)
    .toBeLessThanOrEqual(innerWidth);
}

async function checkPage(page: Page, where: string, width: number): Promise<void> {
  await settle(page);
  await expectAccessible(page, where);
  await expectFitsWidth(page, where, width);
}

/**
 * What a page opens rather than shows. The forms that validate with the contract's schemas, each
 * submitted empty or wrong so its messages show (the messages, and the controls they describe,
 * must be accessible too), and a table inside a dialog. Nothing is saved: every submission here
 * is refused in the browser.
 */
const opened: { name: string; who: keyof typeof demo; path: string; open: (page: Page) => Promise<void> }[] =
  [
    {
      name: 'the leave application wizard with its messages showing',
      who: 'user',
      path: '/leave',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Apply for Leave' }).click();
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByText('Please select a leave type')).toBeVisible();
      },
    },
    {
      name: "the leave wizard's dates with the half-day choices and the server's count",
      who: 'user',
      path: '/leave',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Apply for Leave' }).click();
        await page.getByRole('radio', { name: /Annual Leave/ }).check();
        await page.getByRole('button', { name: 'Next' }).click();
        const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
        await page.getByLabel('Start date').fill(inDays(30));
        await page.getByLabel('End date').fill(inDays(33));
        await expect(page.getByLabel('First day')).toBeVisible();
        await expect(page.getByTestId('leave-day-count')).toContainText('requested');
      },
    },
    {
      name: 'the leave policy form with its messages showing',
      who: 'admin',
      path: '/leave',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Policies' }).click();
        await page.getByRole('button', { name: 'Add Policy' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Save Policy' }).click();
        await expect(page.getByRole('dialog').getByText('Name must not be blank')).toBeVisible();
      },
    },
    {
      name: 'the attendance correction with its messages showing',
      who: 'admin',
      path: '/attendance',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Employee Management' }).click();
        await page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Check in').fill('');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByText('Please give a reason for the correction.')).toBeVisible();
      },
    },
    {
      name: 'the correction request form with its messages showing',
      who: 'user',
      path: '/attendance',
      open: async (page) => {
        await page.getByRole('button', { name: 'Request correction' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Send request' }).click();
        await expect(dialog.getByText('Please give a reason for the correction.')).toBeVisible();
      },
    },
    {
      name: 'the device configuration with its messages showing',
      who: 'admin',
      path: '/access-control',
      open: async (page) => {
        await page
          .getByRole('button', { name: /^Configure / })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name', { exact: true }).fill('');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByText('Name is required')).toBeVisible();
      },
    },
    {
      name: 'the camera form with its messages showing',
      who: 'admin',
      path: '/video',
      open: async (page) => {
        await page.getByRole('button', { name: 'Manage cameras' }).click();
        await page.getByRole('button', { name: 'Add camera' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByText('Stream URL is required')).toBeVisible();
      },
    },
    {
      name: 'the change password form with its messages showing',
      who: 'user',
      path: '/profile',
      open: async (page) => {
        await page.getByRole('button', { name: 'Change Password' }).click();
        await expect(page.getByText('Current password is required')).toBeVisible();
      },
    },
    {
      name: 'the Add Person form with its messages showing',
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByRole('button', { name: 'Add Person' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Add Person' }).click();
        await expect(dialog.getByText('First name is required')).toBeVisible();
      },
    },
    {
      name: 'a person page',
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByTestId('person-row').first().getByRole('link').click();
        await expect(page.getByRole('heading', { name: 'Recent Attendance (14 days)' })).toBeVisible();
        await settle(page);
      },
    },
    {
      name: 'the work schedule form with its messages showing',
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Schedules & Holidays' }).click();
        await page
          .getByRole('button', { name: /^Edit schedule of / })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Grace (minutes)').fill('500');
        await dialog.getByRole('button', { name: 'Save Schedule' }).click();
        await expect(dialog.getByText('Grace must be from 0 to 120')).toBeVisible();
      },
    },
    {
      name: 'the API token form with its messages showing',
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByRole('tab', { name: 'API Tokens' }).click();
        await page.getByRole('button', { name: 'Create Token' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Create Token' }).click();
        await expect(dialog.getByText('Scopes must name at least one scope')).toBeVisible();
        await page.mouse.move(0, 0);
      },
    },
    {
      name: 'the webhook form with its messages showing',
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Webhooks' }).click();
        await page.getByRole('button', { name: 'Add webhook' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Add webhook' }).click();
        await expect(dialog.getByText('Choose at least one event type')).toBeVisible();
        await page.mouse.move(0, 0);
      },
    },
    {
      name: "a department's refused deletion",
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Departments' }).click();
        await page.getByRole('button', { name: 'Delete Warehouse', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Delete' }).click();
        await expect(dialog.getByRole('alert')).toBeVisible();
        // The pointer off the button: its hover shade is not what the dialog shows at rest.
        await page.mouse.move(0, 0);
      },
    },
    {
      name: 'the balance details table',
      who: 'user',
      path: '/leave',
      open: async (page) => {
        await page
          .getByRole('button', { name: /^How is the .* balance calculated\?$/ })
          .first()
          .click();
        await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
      },
    },
    {
      // A dry run: the server checks the file and writes nothing.
      name: "the people import's preview with a row's error",
      who: 'admin',
      path: '/settings',
      open: async (page) => {
        await page.getByRole('tab', { name: 'People' }).click();
        await page.getByRole('button', { name: 'Import CSV' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('CSV file').setInputFiles({
          name: 'people.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'first_name,last_name,email,employee_number,badge_number,department,role,start_date\n' +
              'Ann,Axe,ann.axe@example.test,AXE-1,AXEB-1,Atlantis,staff,\n',
          ),
        });
        await expect(dialog.getByRole('table')).toBeVisible();
      },
    },
  ];

/**
 * Clicks through the tabs of the view on screen (not the view switch itself: choosing another
 * view changes which tabs there are), checking each the arrival did not show.
 */
async function visitTabs(page: Page, where: string, width: number) {
  const tabs = page.getByRole('main').locator('[role="tablist"]:not([aria-label$=" view"]) [role="tab"]');
  const names = await tabs.allTextContents();
  const shownFirst = await tabs.evaluateAll((all) =>
    all.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'),
  );
  for (const [index, name] of names.entries()) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    // The tab open on arrival was checked with the page: one axe pass per view.
    if (index !== shownFirst) await checkPage(page, `${where} tab "${name}"`, width);
  }
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the login page', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await checkPage(page, '/login', viewport.width);
    });

    test('an invitation link that cannot be used', async ({ page }) => {
      await page.goto(`/invite/${'A'.repeat(43)}`);
      await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
      await checkPage(page, '/invite/:token', viewport.width);
    });

    for (const who of Object.keys(demo) as (keyof typeof demo)[]) {
      for (const item of ALL_PAGES) {
        test(`${item.to} and its tabs as ${who}`, async ({ page }) => {
          // One axe pass per tab, each over a full page of data: more than the default minute.
          test.setTimeout(240_000);
          await signInAs(page, who, item.to);
          await checkPage(page, item.to, viewport.width);

          await visitTabs(page, item.to, viewport.width);
          // An administrator's other view of the page (My Attendance, My Leave), and its tabs.
          const views = page.getByRole('main').locator('[role="tablist"][aria-label$=" view"] [role="tab"]');
          for (const [index, name] of (await views.allTextContents()).entries()) {
            if ((await views.nth(index).getAttribute('aria-selected')) === 'true') continue;
            await views.nth(index).click();
            await expect(views.nth(index)).toHaveAttribute('aria-selected', 'true');
            await checkPage(page, `${item.to} view "${name}"`, viewport.width);
            await visitTabs(page, `${item.to} view "${name}"`, viewport.width);
          }
        });
      }

      test(`an unknown page as ${who}`, async ({ page }) => {
        await signInAs(page, who, '/no-such-page');
        await checkPage(page, '/no-such-page', viewport.width);
      });
    }

    for (const view of opened) {
      test(`${view.name} as ${view.who}`, async ({ page }) => {
        await signInAs(page, view.who, view.path);
        await settle(page);
        await view.open(page);
        await expectAccessible(page, view.name);
        await expectFitsWidth(page, view.name, viewport.width);
      });
    }
  });
}
