import type zh from '../zh/layout.ts'

export default {
  timeZone: 'US Time Zone',
  welcome: 'Welcome, {{name}} ({{dept}})',
  greeting: {
    night: 'Working late',
    morning: 'Good morning',
    noon: 'Good day',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  greetingLine: '{{greeting}}! <w>{{welcome}}</w>',
  language: 'Language',
  home: 'Home',
} satisfies typeof zh
