/**
 * Field labels by resource: `fields.<resource>.<field>`. Fields shared by many resources (status,
 * English name, created at...) are in `common.fields`.
 */
export default {
  supplier: {
    code: '供应商编码',
    name: '供应商名称',
    supplierType: '供应商类型',
    countryId: '国家',
    contactPerson: '联系人',
    phone: '联系电话',
    email: '邮箱',
    address: '地址',
    taxNumber: '税号',
    bankName: '开户银行',
    bankAccount: '银行账号',
  },
  country: {
    code: '国家编码',
    name: '国家名称',
    currencyName: '币种名称',
    currencyCode: '币种代码',
    currencySymbol: '货币符号',
  },
  branch: {
    code: '分公司编码',
    name: '分公司名称',
    branchType: '分公司类型',
    countryId: '国家',
    region: '区域',
    departId: '所属部门',
  },
  depot: {
    code: '仓库编码',
    name: '仓库名称',
    depotType: '仓库类型',
    location: '仓库位置',
    managerName: '负责人',
    managerPhone: '负责人电话',
  },
  boxSpec: {
    code: '箱规编码',
    name: '箱规名称',
    lengthCm: '外箱长（cm）',
    widthCm: '外箱宽（cm）',
    heightCm: '外箱高（cm）',
    grossWeightKg: '毛重（kg）',
  },
  department: {
    orgCode: '机构编码',
    parentId: '上级部门',
    departName: '部门名称',
    departNameEn: '英文名称',
  },
  position: {
    code: '职位编码',
    name: '职位名称',
  },
}
