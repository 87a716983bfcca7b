import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The docs stay true where a machine can tell: every relative link of README.md, CONTRIBUTING.md
 * and docs/*.md names a file that exists (and a heading of it, for `#anchor`), and every
 * `npm run <script>` they name is a script of the root package.json or of the workspace `-w` names.
 */
const root = path.resolve(import.meta.dirname, '../..')
const docsDir = path.join(root, 'docs')
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The page without its fenced code blocks: a link written there is an example, not a link. */
const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '')

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')

const anchorsOf = (file: string) =>
  new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')))

function linksOf(file: string): string[] {
  const targets = [...withoutCode(read(file)).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
    (match) => match[1] ?? '',
  )
  return targets.filter((target) => !/^[a-z]+:/i.test(target))
}

/** What a relative link leaves broken: its file missing, or its anchor not a heading there. */
function brokenLink(file: string, target: string): string | null {
  const [filePart = '', anchor] = target.split('#')
  const linked = filePart ? path.join(path.dirname(file), decodeURIComponent(filePart)) : file
  if (!existsSync(path.join(root, linked))) return `${file}: ${target} (no file ${linked})`
  if (anchor && linked.endsWith('.md') && statSync(path.join(root, linked)).isFile()) {
    if (!anchorsOf(linked).has(anchor)) return `${file}: ${target} (no heading #${anchor} in ${linked})`
  }
  return null
}

const scriptsOf = (packageFile: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, packageFile), 'utf8')).scripts ?? {}

/** The package.json of a workspace named by `-w`: its folder or its package name. */
function workspacePackage(workspace: string): string | null {
  const folders = JSON.parse(read('package.json')).workspaces as string[]
  const folder = folders.find(
    (candidate) =>
      candidate === workspace.replace(/\/$/, '') ||
      JSON.parse(read(`${candidate}/package.json`)).name === workspace,
  )
  return folder ? `${folder}/package.json` : null
}

function missingScript(file: string, command: string): string | null {
  const [, script = '', workspace] =
    /^npm run ([\w:.-]+)(?:\s+(?:-w|--workspace)[ =]([\w@/.-]+))?/.exec(command) ?? []
  const packageFile = workspace ? workspacePackage(workspace) : 'package.json'
  if (!packageFile) return `${file}: ${command} (no workspace ${workspace})`
  return script in scriptsOf(packageFile)
    ? null
    : `${file}: ${command} (no script ${script} in ${packageFile})`
}

describe('the docs', () => {
  it.each(pages)('%s: every relative link resolves', (file) => {
    expect(
      linksOf(file)
        .map((target) => brokenLink(file, target))
        .filter(Boolean),
    ).toEqual([])
  })

  it.each(pages)('%s: every npm script it names exists', (file) => {
    const commands = [...read(file).matchAll(/npm run [\w:.-]+(?:\s+(?:-w|--workspace)[ =][\w@/.-]+)?/g)].map(
      (match) => match[0],
    )
    for (const match of read(file).matchAll(/\bnpm (start|test)\b/g)) commands.push(`npm run ${match[1]}`)
    expect(commands.map((command) => missingScript(file, command)).filter(Boolean)).toEqual([])
  })
})
