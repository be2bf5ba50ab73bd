import type zh from '../zh/notify.ts'
import type { notifyFields as zhFields, notifyResources as zhResources } from '../zh/notify.ts'

export default {
  robotHint:
    'One group-chat robot per department (WeCom, DingTalk or Feishu). Orders of the department, and of departments below it without a robot of their own, are posted to its group when a review waits, when it is decided and when their ERP sync fails. DingTalk and Feishu robots need their signing secret; it is never shown again, and an edit that leaves it empty keeps it.',
  outboxHint:
    'The mails and group-chat messages the product sent. A failed send is tried again after a wait; after the last try it says "Failed" with the reason. Once the cause is fixed, select the rows and send them again.',
  retry: 'Send again',
  retried: '{{count}} queued again',
  roleDefaults: {
    title: 'Mail defaults per role',
    role: 'Role',
    saved: "The role's defaults are saved",
  },
  prefs: {
    menu: 'Notification settings',
    title: 'Notification settings',
    intro: 'In-app messages always come. Choose which events also reach you by mail:',
    noMail: 'No mail server is configured yet: no mail is sent for now.',
    mail: 'Mail',
    lang: 'Language of my mails',
    saved: 'Notification settings saved',
    events: {
      reviewNeeded: 'Something waits for my review',
      approved: 'What I submitted is approved',
      rejected: 'What I submitted is rejected',
      business: 'Business notices (shipped, sub-flow requests, reviewer changes...)',
      erpFailed: 'ERP sync failed (logistics)',
    },
  },
} satisfies typeof zh

export const notifyFields = {
  notifyRobot: {
    orgCode: 'Department',
    provider: 'Provider',
    webhookUrl: 'Webhook URL',
    secret: 'Signing secret',
    lang: 'Message language',
    status: 'Status',
    description: 'Description',
  },
  notifyOutbox: {
    topic: 'Channel',
    status: 'Status',
    recipient: 'Recipient',
    subject: 'Subject',
    event: 'Event',
    attempts: 'Attempts',
    lastError: 'Reason of failure',
    nextAttemptAt: 'Next try',
    sentAt: 'Sent at',
  },
} satisfies typeof zhFields

export const notifyResources = {
  notifyRobot: 'group-chat robot',
  notifyOutbox: 'sent notification',
} satisfies typeof zhResources
