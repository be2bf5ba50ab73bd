import type zh from '../zh/layout.ts'

export default {
  timeZone: 'US Time Zone',
  welcome: 'Welcome, {{name}} ({{dept}})',
  greeting: {
    night: 'Good night',
    morning: 'Good morning',
    noon: 'Good noon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  language: 'Language',
  home: 'Home',
} satisfies typeof zh
