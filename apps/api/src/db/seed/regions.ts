import type { Tx } from '../client.ts'
import { globalRegions, regions } from '../schema/index.ts'

/** A region tree: name, the code of its global region, children. */
type DemoRegion = readonly [name: string, globalRegionCode: string, children?: readonly DemoRegion[]]

interface DemoRegions {
  /** The organization's default region (its action menu is disabled). */
  default: DemoRegion
  tree: readonly DemoRegion[]
}

const demoRegions: Record<string, DemoRegions> = {
  'Harbour Workspaces': {
    default: ['All Centres', 'APAC'],
    tree: [
      [
        'Australia',
        'APAC',
        [
          ['New South Wales', 'APAC', [['Sydney CBD', 'APAC']]],
          ['Victoria', 'APAC'],
        ],
      ],
      ['New Zealand', 'APAC'],
    ],
  },
  'Summit Business Centres': {
    default: ['All Centres', 'NA'],
    tree: [
      [
        'United States',
        'NA',
        [
          ['Colorado', 'NA', [['Denver Downtown', 'NA']]],
          ['New York', 'NA'],
        ],
      ],
      ['United Kingdom', 'EMEA', [['London', 'EMEA']]],
    ],
  },
  'Lagoon Coworking': {
    default: ['All Centres', 'APAC'],
    tree: [['Singapore', 'APAC']],
  },
}

/** Each demo organization's default region and a few nested regions under the default global regions. */
export async function seedDemoRegions(tx: Tx, organizationIds: ReadonlyMap<string, number>) {
  const globalRegionIds = new Map(
    (await tx.select({ id: globalRegions.id, code: globalRegions.code }).from(globalRegions)).map((r) => [
      r.code,
      r.id,
    ]),
  )
  async function insert(
    organizationId: number,
    region: DemoRegion,
    parentId: number | null,
    isDefault: boolean,
  ) {
    const [name, code, children = []] = region
    const globalRegionId = globalRegionIds.get(code)
    if (globalRegionId === undefined) throw new Error(`no global region ${code}`)
    const [row] = await tx
      .insert(regions)
      .values({ organizationId, name, parentId, globalRegionId, isDefault })
      .returning({ id: regions.id })
    if (!row) throw new Error('insert returned nothing')
    for (const child of children) await insert(organizationId, child, row.id, false)
  }
  for (const [name, organizationId] of organizationIds) {
    const seed = demoRegions[name]
    if (!seed) continue
    await insert(organizationId, seed.default, null, true)
    for (const region of seed.tree) await insert(organizationId, region, null, false)
  }
}
