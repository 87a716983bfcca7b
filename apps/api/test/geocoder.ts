import { createServer, type Server } from 'node:http'

/**
 * A Nominatim-compatible geocoder on a local port, for tests: `/search?q=…&format=json` answers one
 * place for known addresses, [] for unknown ones, 500 when the query contains "explode".
 */
export async function startGeocoder(places: Record<string, { lat: string; lon: string }> = {}) {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const q = (url.searchParams.get('q') ?? '').toLowerCase()
    if (url.pathname !== '/search') {
      response.writeHead(404).end()
      return
    }
    if (q.includes('explode')) {
      response.writeHead(500).end('boom')
      return
    }
    const match = Object.entries(places).find(([key]) => q.includes(key.toLowerCase()))
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify(match ? [{ lat: match[1].lat, lon: match[1].lon, display_name: match[0] }] : []),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('geocoder has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
