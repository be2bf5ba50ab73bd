import type zh from '../zh/pages.ts'

export default {
  exception: {
    forbidden: 'Sorry, you are not allowed to open this page',
    notFound: 'Sorry, the page you visited does not exist',
    serverError: 'Sorry, something went wrong on the server',
  },
  dashboard: {
    title: 'Home',
    intro: "The group's workbench for procurement, products, sales orders and delivery.",
    shortcuts: 'Shortcuts',
    today: 'Today is {{date}}',
  },
  test: { title: 'Test page', body: 'This is a test page.' },
} satisfies typeof zh
