// Types of build-api.mjs for the TypeScript tests that import it.
export function apiBuildIsStale(): boolean
export function buildApi(into?: string): Promise<void>
export function dbTemplateKey(into: string): string
export function buildDbTemplate(into: string): boolean
