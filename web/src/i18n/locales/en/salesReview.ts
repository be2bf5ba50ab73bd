import type zh from '../zh/salesReview.ts'

export default {
  subApply: {
    reply: 'Reply',
    replyTitle: 'Reply to the sub-flow request: {{no}}',
    decision: 'Answer',
    approve: 'Agree',
    reject: 'Disagree',
    note: 'Reply',
    notePlaceholder: 'Write your reply',
    noteRequired: 'Write your reply',
    replied: 'Reply sent',
    notPending: 'This request has been answered already',
    asked: 'Asked',
    anyDept: 'Any department',
    step: 'Step {{no}}',
    noReply: 'Not answered yet',
  },
  orderDelete: {
    audit: 'Review',
    progress: 'Review progress',
    notPending: 'This deletion request has been decided',
    noReview: 'This request has no review yet',
  },
  order: {
    view: 'View order',
  },
  message: {
    notFound: 'No request about order {{orderNo}} was found',
  },
  flows: {
    intro:
      'The review flows in force for sales orders, order adjustments and order deletions, with the reviewers of each step.',
    none: 'No review flow in force',
    step: 'Step',
    dept: 'Department',
    role: 'Role',
    timeLimit: 'Time limit',
    allowAdjust: 'May adjust the order',
    adjustYes: 'May lower quantities / remove lines',
    adjustNo: 'No',
    reviewers: 'Reviewers',
    noReviewers: 'Nobody holds this role here',
    submitterDept: "The submitter's department",
  },
} satisfies typeof zh
