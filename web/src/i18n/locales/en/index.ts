import type zh from '../zh/index.ts'
import admin, { adminFields, adminResources } from './admin.ts'
import approval from './approval.ts'
import auth from './auth.ts'
import common from './common.ts'
import delivery from './delivery.ts'
import fields from './fields.ts'
import layout from './layout.ts'
import list from './list.ts'
import messaging, { messagingFields, messagingResources } from './messaging.ts'
import notify, { notifyFields, notifyResources } from './notify.ts'
import pages from './pages.ts'
import product, { productFields, productResources } from './product.ts'
import sales from './sales.ts'
import salesReview from './salesReview.ts'
import shell from './shell.ts'

export default {
  common,
  auth,
  layout,
  pages,
  shell,
  messaging,
  notify,
  list: {
    ...list,
    resources: { ...list.resources, ...adminResources, ...productResources, ...messagingResources, ...notifyResources },
  },
  fields: { ...fields, ...adminFields, ...productFields, ...messagingFields, ...notifyFields },
  admin,
  approval,
  product,
  sales,
  salesReview,
  delivery,
} satisfies typeof zh
