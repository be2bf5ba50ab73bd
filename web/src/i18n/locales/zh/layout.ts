export default {
  timeZone: '美国时区',
  welcome: '欢迎您，{{dept}} {{name}}',
  greeting: {
    night: '夜深了',
    morning: '早上好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  greetingLine: '{{greeting}}！<w>{{welcome}}</w>',
  language: '语言',
  home: '首页',
}
