import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const source = path.resolve(import.meta.dirname, '../../src')

/** Every .ts file of the API and the files it imports (type-only imports too) by relative path. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
    const file = path.join(entry.parentPath, entry.name)
    const text = readFileSync(file, 'utf8')
    const imports = [...text.matchAll(/from\s+'(\.[^']+)'/g)].map((m) =>
      path.resolve(path.dirname(file), m[1] as string),
    )
    graph.set(file, imports)
  }
  return graph
}

function cyclesOf(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const cycles: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push(
          [...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(source, f)).join(' → '),
        )
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return cycles
}

describe('the API modules', () => {
  it('import one another without a circle (routes, services and platform stay layered)', () => {
    const graph = importGraph()
    expect(graph.size).toBeGreaterThan(50)
    expect(cyclesOf(graph)).toEqual([])
  })
})
