import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.ts'
import { CALENDAR_CHANNEL, CALENDAR_SETUP_CHANNEL } from '../../src/modules/calendar/calendar.repository.ts'
import { CalendarAnswers } from '../../src/modules/calendar/calendar-answers.ts'

interface Channel {
  onPayload: (payload: string) => void
  onError: (error: unknown) => void
  onListening?: () => void
}

/** A database whose two channels the test drives: announcements, breaks, listening again. */
function fakeDatabase() {
  const channels = new Map<string, Channel>()
  const database = {
    listen: async (
      channel: string,
      onPayload: Channel['onPayload'],
      onError: Channel['onError'],
      onListening?: () => void,
    ) => {
      channels.set(channel, { onPayload, onError, onListening })
      onListening?.()
      return async () => {
        channels.delete(channel)
      }
    },
  } as unknown as Database
  return { database, channels }
}

/** A computation that counts its runs and answers `text`. */
function counted(text: string) {
  const run = async () => {
    run.runs++
    return text
  }
  run.runs = 0
  return run
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

async function serving() {
  const { database, channels } = fakeDatabase()
  const answers = new CalendarAnswers(database, () => {})
  // The first request computes and starts hearing the channels.
  await answers.answer(1, 'warm', counted('warm'))
  await settle()
  return { answers, channels }
}

describe('CalendarAnswers', () => {
  it('keeps an answer per key; an announcement for its organization drops it, another organization’s does not', async () => {
    const { answers, channels } = await serving()
    const one = counted('one')
    expect((await answers.answer(1, 'a', one)).text).toBe('one')
    expect((await answers.answer(1, 'a', one)).text).toBe('one')
    expect(one.runs).toBe(1)

    channels.get(CALENDAR_CHANNEL)?.onPayload(JSON.stringify({ organizationId: 2, action: 'created' }))
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(1)

    channels.get(CALENDAR_CHANNEL)?.onPayload(JSON.stringify({ organizationId: 1, action: 'created' }))
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(2)

    channels.get(CALENDAR_SETUP_CHANNEL)?.onPayload('1')
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(3)
    // '' (a super user's name) concerns every organization.
    channels.get(CALENDAR_SETUP_CHANNEL)?.onPayload('')
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(4)
  })

  it('never keeps an answer whose organization changed while it was computed; concurrent askers share one computation', async () => {
    const { answers, channels } = await serving()
    let finish: (text: string) => void = () => {}
    let runs = 0
    const slow = () => {
      runs++
      return new Promise<string>((resolve) => {
        finish = resolve
      })
    }
    const first = answers.answer(1, 'a', slow)
    const second = answers.answer(1, 'a', slow)
    channels.get(CALENDAR_CHANNEL)?.onPayload(JSON.stringify({ organizationId: 1, action: 'rescheduled' }))
    finish('before the change')
    expect((await first).text).toBe('before the change')
    expect((await second).text).toBe('before the change')
    expect(runs).toBe(1)
    await settle()
    expect(answers.size).toBe(0)
    const after = counted('after the change')
    expect((await answers.answer(1, 'a', after)).text).toBe('after the change')
    expect(after.runs).toBe(1)
  })

  it('compresses an answer once, as it is kept: every request for it gets the same brotli bytes', async () => {
    const { answers } = await serving()
    const text = JSON.stringify({
      bookings: Array.from({ length: 200 }, (_, id) => ({ id, name: 'Harbour Room A' })),
    })
    const computed = await answers.answer(1, 'a', counted(text))
    expect(computed).toEqual({ text, brotli: null })
    const kept = await answers.answer(1, 'a', counted(text))
    expect(kept.text).toBe(text)
    expect(kept.brotli && brotliDecompressSync(kept.brotli).toString()).toBe(text)
    expect((await answers.answer(1, 'a', counted(text))).brotli).toBe(kept.brotli)
  })

  it('a request here that may have written forgets everything kept', async () => {
    const { answers } = await serving()
    const one = counted('one')
    await answers.answer(1, 'a', one)
    await settle()
    answers.forgetAll()
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(2)
  })

  it('keeps and serves nothing while a channel is not heard, and forgets what it kept before the gap', async () => {
    const { answers, channels } = await serving()
    const one = counted('one')
    await answers.answer(1, 'a', one)
    await settle()
    const setup = channels.get(CALENDAR_SETUP_CHANNEL)
    setup?.onError(new Error('connection lost'))
    await answers.answer(1, 'a', one)
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(3)
    expect(answers.size).toBe(0)
    // Listening again: kept from then on, nothing from before.
    setup?.onListening?.()
    await answers.answer(1, 'a', one)
    await settle()
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(4)
  })

  it('a failed computation is not kept', async () => {
    const { answers } = await serving()
    let runs = 0
    const failing = async () => {
      runs++
      throw new Error('refused')
    }
    await expect(answers.answer(1, 'a', failing)).rejects.toThrow('refused')
    await expect(answers.answer(1, 'a', failing)).rejects.toThrow('refused')
    expect(runs).toBe(2)
  })

  it('after close, computes every answer and hears nothing', async () => {
    const { answers, channels } = await serving()
    await answers.close()
    expect(channels.size).toBe(0)
    const one = counted('one')
    await answers.answer(1, 'a', one)
    await answers.answer(1, 'a', one)
    expect(one.runs).toBe(2)
  })
})
