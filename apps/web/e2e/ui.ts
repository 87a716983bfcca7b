import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect, vi } from 'vitest'
import { gone } from './support.ts'

/**
 * A form's field by its label, once the form is there: while a screen loads after a move from a
 * list, the list's sortable column headers still carry labels like "Name".
 */
export function formField(page: Page, label: string): Locator {
  return page.locator('form').getByLabel(label, { exact: true })
}

/** A row of a list page's table, by the text of one of its cells. */
export function row(page: Page, text: string): Locator {
  return page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) })
}

/** The open action menu of a row. */
export function openMenu(page: Page): Locator {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')
}

export async function openActions(page: Page, text: string): Promise<void> {
  await gone(openMenu(page))
  await row(page, text).getByRole('button', { name: 'Actions' }).click()
  await openMenu(page).getByRole('menuitem').first().waitFor()
}

/** The items of the open action menu, each with whether it is disabled. */
export async function menuItems(page: Page): Promise<Array<{ label: string; disabled: boolean }>> {
  const items = openMenu(page).getByRole('menuitem')
  const out: Array<{ label: string; disabled: boolean }> = []
  for (const item of await items.all()) {
    out.push({
      label: ((await item.textContent()) ?? '').trim(),
      disabled: (await item.getAttribute('aria-disabled')) === 'true',
    })
  }
  return out
}

export async function rowAction(page: Page, text: string, action: string): Promise<void> {
  await openActions(page, text)
  await openMenu(page).getByRole('menuitem', { name: action, exact: true }).click()
}

/** The dropdown of the antd Select whose input is given (the one its input controls). */
async function dropdownOf(input: Locator): Promise<Locator> {
  const page = input.page()
  const list = await input.getAttribute('aria-controls')
  if (!list) throw new Error('not an antd Select input')
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) })
}

/** The option of a Select's dropdown with the title (its text). */
function optionIn(menu: Locator, title: string): Locator {
  return menu.locator('.ant-select-item-option').and(menu.page().getByTitle(title, { exact: true }))
}

/** Picks an option of an antd Select found by its label (typing first filters searchable ones). */
export async function choose(scope: Page | Locator, label: string, title: string, typed?: string) {
  const input = scope.getByLabel(label, { exact: true })
  await input.click()
  if (typed) await input.fill(typed)
  await optionIn(await dropdownOf(input), title).click()
}

/**
 * Opens a Select by its label and gives its option with the title (to see whether it is disabled
 * or there at all), once the dropdown shows.
 */
export async function openOption(scope: Page | Locator, label: string, title: string): Promise<Locator> {
  const input = scope.getByLabel(label, { exact: true })
  await input.click()
  const menu = await dropdownOf(input)
  await menu.locator('.ant-select-item').first().waitFor()
  return optionIn(menu, title)
}

/** The text an antd Select shows for its value, by the select's label. */
export function selected(scope: Page | Locator, label: string): Locator {
  const page = 'page' in scope ? scope.page() : scope
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('.ant-select-content, .ant-select-selection-item')
    .first()
}

/**
 * Types into a picker's input and commits it with Enter, again while the input does not show the
 * text: under load the picker can open after the typing and put its old value back.
 */
async function typeIntoPicker(input: Locator, text: string): Promise<void> {
  await vi.waitFor(
    async () => {
      await input.click()
      await input.fill(text)
      await input.press('Enter')
      await expect.poll(() => input.inputValue(), { timeout: 2_000 }).toBe(text)
    },
    { timeout: 15_000, interval: 100 },
  )
}

/** Types a time (hh:mm A) into a time picker and commits it. */
export async function setTime(scope: Page | Locator, label: string, time: string): Promise<void> {
  await typeIntoPicker(scope.getByLabel(label, { exact: true }), time)
}

/** Types a date into an antd DatePicker in the given order (DD-MM-YYYY or MM-DD-YYYY) and commits it. */
export async function pickDate(
  input: Locator,
  date: Date,
  order: 'DD-MM-YYYY' | 'MM-DD-YYYY' = 'DD-MM-YYYY',
) {
  const day = String(date.getDate()).padStart(2, '0')
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const text =
    order === 'DD-MM-YYYY' ? `${day}-${month}-${date.getFullYear()}` : `${month}-${day}-${date.getFullYear()}`
  await typeIntoPicker(input, text)
}

export function daysFromNow(days: number): Date {
  const date = new Date()
  date.setDate(date.getDate() + days)
  return date
}

/** The content of a form's panel (antd Collapse item) by its title. */
export function panel(page: Page, title: string): Locator {
  return page
    .locator('.ant-collapse-item')
    .filter({
      has: page.locator(':scope > .ant-collapse-header', { hasText: new RegExp(`^${title}$`) }),
    })
    .locator('.ant-collapse-body')
}

/** The titles of a form's panels, in order. */
export async function panelTitles(page: Page): Promise<string[]> {
  const titles = await page.locator('.ant-collapse-item > .ant-collapse-header').allTextContents()
  return titles.map((title) => title.trim())
}

/** The open confirm dialog (antd Modal.confirm). */
export function confirmDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm').filter({ visible: true })
}

// sharp is the API's image library; the web does not depend on it, so it is loaded from there.
const requireFromApi = createRequire(new URL('../../api/package.json', import.meta.url))
interface Sharp {
  png(): Sharp
  toBuffer(): Promise<Buffer>
}
const sharp = requireFromApi('sharp') as (options: {
  create: { width: number; height: number; channels: 3; background: string }
}) => Sharp

function tempFile(name: string, content: Buffer | string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'spaceboard-e2e-')), name)
  writeFileSync(file, content)
  return file
}

/** A real PNG (one solid color) written to a temp file. */
export async function pngFile(name: string, width = 320, height = 200, background = '#0E3E6C') {
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
  return tempFile(name, png)
}

/** A file of the given size with a name of our choosing (a text file named .png, say). */
export function fakeFile(name: string, bytes = 64): string {
  return tempFile(name, 'x'.repeat(bytes))
}
