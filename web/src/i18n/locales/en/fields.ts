import type zh from '../zh/fields.ts'

export default {
  supplier: {
    code: 'Supplier code',
    name: 'Supplier name',
    supplierType: 'Supplier type',
    countryId: 'Country',
    contactPerson: 'Contact person',
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    taxNumber: 'Tax number',
    bankName: 'Bank name',
    bankAccount: 'Bank account',
  },
  country: {
    code: 'Country code',
    name: 'Country name',
    currencyName: 'Currency name',
    currencyCode: 'Currency code',
    currencySymbol: 'Currency symbol',
  },
  branch: {
    code: 'Branch code',
    name: 'Branch name',
    branchType: 'Branch type',
    countryId: 'Country',
    region: 'Region',
    departId: 'Department',
  },
  depot: {
    code: 'Warehouse code',
    name: 'Warehouse name',
    depotType: 'Warehouse type',
    location: 'Location',
    managerName: 'Manager',
    managerPhone: 'Manager phone',
  },
  boxSpec: {
    code: 'Box spec code',
    name: 'Box spec name',
    lengthCm: 'Outer length (cm)',
    widthCm: 'Outer width (cm)',
    heightCm: 'Outer height (cm)',
    grossWeightKg: 'Gross weight (kg)',
  },
  department: {
    orgCode: 'Org code',
    parentId: 'Parent department',
    departName: 'Department name',
    departNameEn: 'English name',
  },
  position: {
    code: 'Position code',
    name: 'Position name',
  },
} satisfies typeof zh
