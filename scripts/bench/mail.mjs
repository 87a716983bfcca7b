import mailCreate from './mail-create.mjs'
import mailDelivery from './mail-delivery.mjs'

export const about = 'mail-create, then mail-delivery'

export default async function mail() {
  await mailCreate()
  await mailDelivery()
}
