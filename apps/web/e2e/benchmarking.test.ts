import { benchmarkingMessages } from '@spaceboard/domain'
import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'

const app = setupE2eApp()

describe('Benchmarking settings', () => {
  test('super reads the averages, is stopped by a bad value, saves, and sees the failure toast', async () => {
    const page = await app.signedInPage(logins.super)
    await page.getByRole('link', { name: 'Benchmarking' }).click()
    await visible(page.getByRole('heading', { name: 'Benchmarking' }))
    const occupancy = page.getByLabel('Average Occupancy (%)')
    const value = page.getByLabel('Average Booking Value')
    const duration = page.getByLabel('Average Booking Duration (hours)')
    // The demo averages.
    await expect.poll(() => occupancy.inputValue()).toBe('35.00')
    expect(await value.inputValue()).toBe('60.00')
    expect(await duration.inputValue()).toBe('2.50')

    await occupancy.fill('120')
    await value.fill('12.345')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, benchmarkingMessages.occupancy))
    await visible(fieldError(page, benchmarkingMessages.value))
    await shot(page, 'benchmarking-invalid')

    await occupancy.fill('42.5')
    await value.fill('64.90')
    await duration.fill('2.75')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await page.reload()
    await expect.poll(() => occupancy.inputValue()).toBe('42.50')
    expect(await value.inputValue()).toBe('64.90')
    expect(await duration.inputValue()).toBe('2.75')

    // The server failing: the spec's toast, verbatim.
    await page.route('**/api/setting', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' })
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Error: Save setting has occured'))
  })

  test('an admin has no Benchmarking entry and is refused the screen', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await visible(page.getByRole('link', { name: 'Dashboard' }))
    await gone(page.getByRole('link', { name: 'Benchmarking' }))
    await page.goto('/admin/benchmarking')
    await gone(page.getByLabel('Average Occupancy (%)'))
  })
})
