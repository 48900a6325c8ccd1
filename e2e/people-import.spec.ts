import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/auth';

/** People in and out of Atrium as CSV, from the Organisation area's People tab. */

const HEADER = 'first_name,last_name,email,employee_number,badge_number,department,role,start_date';

/** Two new people (their own, so the demo organisation others rely on is left as it was). */
function peopleCsv(tag: string, secondDepartment: string): Buffer {
  const rows = [
    `Iris,Import${tag},iris.${tag}@example.test,IMP-${tag}-1,IMPB-${tag}-1,Warehouse,staff,2026-01-05`,
    `"Noel, Jr",Import${tag},noel.${tag}@example.test,IMP-${tag}-2,IMPB-${tag}-2,${secondDepartment},staff,`,
  ];
  return Buffer.from(`\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`);
}

async function openImport(page: Page) {
  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  return page.getByRole('dialog', { name: 'Import People from CSV' });
}

test('an admin imports a CSV: the bad row is shown, fixed, then every row imported; the export lists them', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const dialog = await openImport(page);
  await expect(dialog.getByText(/No emails are sent/)).toBeVisible();

  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('people-template.csv');
  expect((await readFile((await template.path())!, 'utf8')).split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);

  const file = dialog.getByLabel('CSV file');
  await file.setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: peopleCsv(tag, 'Atlantis') });
  await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows read, 1 ready to import, 1 error.');
  await expect(dialog.getByRole('row').nth(1)).toHaveText(
    /^3\s*department\s*Department "Atlantis" does not exist$/,
  );
  await expect(dialog.getByTestId('import-confirm')).toBeDisabled();

  await file.setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: peopleCsv(tag, 'Security') });
  await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows read, 2 ready to import.');
  await dialog.getByRole('button', { name: 'Import 2 People' }).click();
  await expect(page.getByText('Imported 2 people')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^people-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(`\uFEFF${HEADER},site,status`);
  expect(lines).toContain(
    `"Noel, Jr",Import${tag},noel.${tag}@example.test,IMP-${tag}-2,IMPB-${tag}-2,Security,staff,,,active`,
  );
  expect(lines.some((l) => l.includes('admin@atrium.local'))).toBe(true);
});

test('the import preview fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openImport(page);
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: peopleCsv('phone', 'Atlantis') });
  await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows read, 1 ready to import, 1 error.');
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('import-phone.png') });
});
