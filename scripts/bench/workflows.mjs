import workflowDrain from './workflow-drain.mjs'
import workflowScheduling from './workflow-scheduling.mjs'

export const about = 'workflow-drain, then workflow-scheduling'

export default async function workflows() {
  await workflowDrain()
  await workflowScheduling()
}
