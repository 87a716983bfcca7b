import type { TestProject } from 'vitest/node'
import { buildTemplate, dropTemplate } from './template.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { pgTemplate?: string; pgBaseUrl?: string }
  }
}

export default async function setup(project: TestProject) {
  const template = await buildTemplate()
  project.provide('dbTemplate', template)
  return () => dropTemplate(template)
}
