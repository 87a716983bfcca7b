import { describe, expect, test } from 'vitest'
import { logins, setupE2eApp, visible } from './support.ts'

// Issue 15 item 17: without access to the map tiles the map was a grey box. A tile server that does
// not answer (nothing listens on port 9) stands for a network without tile access.
const app = setupE2eApp(() => ({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }))

describe('the center map without tiles', () => {
  test('says so in plain words, and the coordinates still place the pin', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.goto('/admin/center/add')
    await visible(
      page.getByText('The address could not be located; place the pin by hand or enter the coordinates'),
    )
    await page.getByLabel('Latitude', { exact: true }).fill('-33.86')
    await page.getByLabel('Longitude', { exact: true }).fill('151.21')
    await page.getByLabel('Longitude', { exact: true }).blur()
    await visible(page.locator('.leaflet-marker-icon'))
    expect(await page.getByLabel('Latitude', { exact: true }).isEnabled()).toBe(true)
  })
})
