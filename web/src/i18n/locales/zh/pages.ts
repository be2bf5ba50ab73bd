export default {
  exception: {
    forbidden: '抱歉，您无权访问此页面',
    notFound: '抱歉，您访问的页面不存在',
    serverError: '抱歉，服务器出错了',
  },
  dashboard: {
    title: '首页',
    intro: '这里是集团采购、产品、销售订单与发货的工作台。',
    shortcuts: '常用功能',
    today: '今天是 {{date}}',
  },
  test: { title: '测试页', body: '这是一个测试页面。' },
}
