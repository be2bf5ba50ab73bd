var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/app.ts
import { randomUUID as randomUUID3 } from "node:crypto";
import { existsSync } from "node:fs";
import path2 from "node:path";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

// ../packages/contracts/src/admin.ts
import { z as z6 } from "zod";

// ../packages/contracts/src/feedback.ts
import { z as z3 } from "zod";

// ../packages/contracts/src/fields.ts
import { z } from "zod";
var recordBase = {
  id: z.string(),
  version: z.number().int(),
  createAt: z.coerce.date(),
  updateAt: z.coerce.date().nullable()
};
var text = (max2) => z.string().trim().max(max2);
var optionalText = (max2) => z.string().trim().max(max2).nullish();
var codeOf = (max2) => z.string().trim().min(1).max(max2).regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and - only");
var status = z.enum(["1", "2"]);
var day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");
var ids = (max2) => z.array(z.string().uuid()).max(max2);

// ../packages/contracts/src/resource.ts
import { z as z2 } from "zod";
var defineResource = (meta) => meta;
var AUDIT_FIELDS = {
  createAt: { type: "datetime", search: "range", sort: true, readOnly: true },
  updateAt: { type: "datetime", sort: true, readOnly: true, list: false }
};
var editSchemaOf = (input) => z2.object(
  Object.fromEntries(
    Object.entries(input.shape).map(([key2, field]) => {
      const bare = field instanceof z2.ZodDefault ? field.unwrap() : field;
      return [key2, bare.optional()];
    })
  )
).extend({ id: z2.string().uuid(), version: z2.number().int() });

// ../packages/contracts/src/feedback.ts
var feedbackResource = defineResource({
  name: "feedback",
  base: "/sys/feedback",
  menu: "sys_feedback",
  label: "title",
  fields: {
    title: { type: "string", search: "like", sort: true },
    content: { type: "string", search: "like", list: false },
    createByName: { type: "string", search: "like", sort: true },
    replyStatus: { type: "dict", dict: "yn", search: "eq", sort: true },
    replyContent: { type: "string", list: false },
    replyByName: { type: "string", search: "like" },
    replyAt: { type: "datetime", search: "range", sort: true, readOnly: true },
    ...AUDIT_FIELDS
  }
});
var FeedbackSubmitSchema = z3.object({
  title: text(200).min(1),
  content: text(4e3).min(1)
});
var FeedbackReplySchema = z3.object({
  id: z3.string().uuid(),
  version: z3.number().int(),
  replyContent: text(4e3).min(1)
});
var FeedbackSchema = z3.object({
  ...recordBase,
  title: z3.string(),
  content: z3.string(),
  createBy: z3.string().nullable(),
  createByName: z3.string().nullable(),
  /** '1' once an administrator replied (dictionary `yn`). */
  replyStatus: z3.string(),
  replyContent: z3.string().nullable(),
  replyBy: z3.string().nullable(),
  replyByName: z3.string().nullable(),
  replyAt: z3.coerce.date().nullable()
});
var MyFeedbackQuerySchema = z3.object({
  pageNo: z3.coerce.number().int().min(1).default(1),
  pageSize: z3.coerce.number().int().min(1).max(100).default(10)
});

// ../packages/contracts/src/language.ts
import { z as z4 } from "zod";
var code = codeOf(64);
var RUNTIME_CODE_FROM = 9e5;
var codeResource = defineResource({
  name: "code",
  base: "/sys/code",
  menu: "sys_language",
  label: "zh",
  unique: ["id"],
  fields: {
    id: { type: "number", search: "eq", sort: true },
    category: { type: "string", search: "eq", sort: true },
    zh: { type: "string", search: "like", sort: true },
    en: { type: "string", search: "like", sort: true },
    key: { type: "string", search: "like", sort: true, readOnly: true },
    updateAt: { type: "datetime", sort: true, readOnly: true }
  }
});
var CodeInputSchema = z4.object({
  /** Left out: the next free id from RUNTIME_CODE_FROM. */
  id: z4.coerce.number().int().min(1).max(2e9).nullish(),
  category: code.max(32),
  zh: text(2e3).min(1),
  en: text(2e3).min(1)
});
var CodeEditSchema = z4.object({
  id: z4.coerce.number().int(),
  version: z4.number().int(),
  category: code.max(32).optional(),
  zh: text(2e3).min(1).optional(),
  en: text(2e3).min(1).optional()
});
var CodeSchema = z4.object({
  id: z4.number().int(),
  category: z4.string(),
  zh: z4.string(),
  en: z4.string(),
  /** Set on an entry that overrides a bundled text (see FIELD_LABEL_KEY); written only by its own calls. */
  key: z4.string().nullable(),
  version: z4.number().int(),
  updateAt: z4.coerce.date().nullable()
});
var FIELD_LABEL_CATEGORY = "field";
var FIELD_LABEL_KEY = /^field:([A-Za-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9]*)$/;
var FieldLabelKeySchema = z4.string().trim().max(160).regex(FIELD_LABEL_KEY, "field:<resource>.<field>");
var FieldLabelSaveSchema = z4.object({ key: FieldLabelKeySchema, zh: text(200).min(1), en: text(200).min(1) });
var FieldLabelResetSchema = z4.object({ key: FieldLabelKeySchema });
var FieldLabelSchema = z4.object({
  id: z4.number().int(),
  key: z4.string(),
  zh: z4.string(),
  en: z4.string(),
  version: z4.number().int()
});
var FieldLabelResourceSchema = z4.object({ resource: z4.string(), fields: z4.array(z4.string()) });
var dictResource = defineResource({
  name: "dict",
  base: "/sys/dict",
  menu: "sys_dict",
  label: "dictCode",
  unique: ["dictCode"],
  fields: {
    dictCode: { type: "string", search: "like", sort: true },
    textId: { type: "string", readOnly: true, superQuery: false, excel: false },
    description: { type: "string", search: "like" },
    ...AUDIT_FIELDS
  }
});
var DictInputSchema = z4.object({
  dictCode: code,
  nameZh: text(200).min(1),
  nameEn: text(200).min(1),
  description: optionalText(500)
});
var DictEditSchema = z4.object({
  id: z4.coerce.number().int(),
  version: z4.number().int(),
  nameZh: text(200).min(1).optional(),
  nameEn: text(200).min(1).optional(),
  description: optionalText(500)
});
var DictSchema = z4.object({
  ...recordBase,
  id: z4.number().int(),
  dictCode: z4.string(),
  textId: z4.number().int(),
  nameZh: z4.string(),
  nameEn: z4.string(),
  description: z4.string().nullable()
});
var dictItemResource = defineResource({
  name: "dictItem",
  base: "/sys/dictItem",
  menu: "sys_dict",
  label: "value",
  status: { field: "status", dict: "status" },
  fields: {
    dictId: { type: "number", ref: { resource: "dict", label: "dictCode" }, search: "eq", sort: true },
    value: { type: "string", search: "like", sort: true },
    textId: { type: "string", readOnly: true, superQuery: false, excel: false },
    sortNo: { type: "number", sort: true },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var DictItemInputSchema = z4.object({
  dictId: z4.coerce.number().int().min(1),
  value: text(64).min(1),
  labelZh: text(200).min(1),
  labelEn: text(200).min(1),
  sortNo: z4.coerce.number().int().min(0).max(99999).default(0),
  status: z4.enum(["1", "2"]).default("1")
});
var DictItemEditSchema = z4.object({
  id: z4.coerce.number().int(),
  version: z4.number().int(),
  labelZh: text(200).min(1).optional(),
  labelEn: text(200).min(1).optional(),
  sortNo: z4.coerce.number().int().min(0).max(99999).optional(),
  status: z4.enum(["1", "2"]).optional()
});
var DictItemSchema = z4.object({
  ...recordBase,
  id: z4.number().int(),
  dictId: z4.number().int(),
  value: z4.string(),
  textId: z4.number().int(),
  labelZh: z4.string(),
  labelEn: z4.string(),
  sortNo: z4.number().int(),
  status: z4.string()
});
var CatalogueVersionSchema = z4.object({ code: z4.string(), dict: z4.string(), permissions: z4.string() });

// ../packages/contracts/src/system.ts
import { z as z5 } from "zod";
var RoleCode = {
  SysAdmin: "sys_admin",
  BranchAdmin: "branch_admin",
  RegionPresident: "region_president",
  BranchFinance: "branch_finance",
  LogisticsChief: "logistics_chief",
  GmPresident: "gm_president",
  LogisticsAdmin: "logistics_admin",
  FinanceDirector: "finance_director",
  FinanceAdmin: "finance_admin"
};
var PasswordHashSchema = z5.string().regex(/^[0-9a-f]{64}$/, "password must be a SHA-256 hex digest");
var UsernameSchema = z5.string().trim().min(2).max(32).regex(/^[A-Za-z0-9_.@-]+$/, "letters, digits, _ . @ - only");
var LoginRequestSchema = z5.object({
  username: z5.string().trim().min(1).max(64),
  password: PasswordHashSchema
});
var DepartSchema = z5.object({
  id: z5.string(),
  orgCode: z5.string(),
  departName: z5.string(),
  departNameEn: z5.string().nullable()
});
var UserInfoSchema = z5.object({
  id: z5.string(),
  username: z5.string(),
  realname: z5.string(),
  orgCode: z5.string().nullable(),
  departName: z5.string().nullable(),
  departNameEn: z5.string().nullable(),
  lang: z5.enum(["zh", "en"]),
  roles: z5.array(z5.string()),
  dataScope: z5.enum(["all", "department", "personal"])
});
var DictListItemSchema = z5.object({
  dicCode: z5.string(),
  dicName: z5.string(),
  dicTypeId: z5.number().int(),
  dicTypeCode: z5.string(),
  textId: z5.number().int()
});
var LoginResultSchema = z5.object({
  token: z5.string(),
  userInfo: UserInfoSchema,
  departs: z5.array(DepartSchema),
  dictList: z5.array(DictListItemSchema)
});
var RegisterRequestSchema = z5.object({
  username: UsernameSchema,
  realname: z5.string().trim().min(1).max(50).optional(),
  password: PasswordHashSchema,
  confirmPassword: PasswordHashSchema
});
var EditPasswordSchema = z5.object({
  oldPassword: PasswordHashSchema,
  newPassword: PasswordHashSchema
});
var SelectDepartSchema = z5.object({
  orgCode: z5.string().min(1),
  username: z5.string().optional()
});
var CurrentDepartsSchema = z5.object({
  list: z5.array(DepartSchema),
  orgCode: z5.string().nullable()
});
var MenuItemSchema = z5.object({
  id: z5.string(),
  code: z5.string(),
  text: z5.string(),
  name: z5.string(),
  url: z5.string(),
  path: z5.string(),
  component: z5.string(),
  icon: z5.string().nullable(),
  hidden: z5.boolean(),
  alwaysShow: z5.boolean(),
  route: z5.boolean(),
  redirect: z5.string().nullable(),
  meta: z5.object({
    title: z5.string(),
    titleId: z5.number().int(),
    url: z5.string(),
    internalOrExternal: z5.boolean(),
    hidden: z5.boolean(),
    icon: z5.string().nullable()
  }),
  get children() {
    return z5.array(MenuItemSchema);
  }
});
var AuthRuleSchema = z5.object({
  action: z5.string(),
  describe: z5.string(),
  type: z5.enum(["1", "2"]),
  status: z5.enum(["0", "1"])
});
var PermissionListSchema = z5.object({
  menu: z5.array(MenuItemSchema),
  auth: z5.array(AuthRuleSchema),
  allAuth: z5.array(AuthRuleSchema)
});
var CodeTableEntrySchema = z5.object({
  id: z5.number().int(),
  key: z5.string().nullable(),
  zh: z5.string(),
  en: z5.string()
});
var SettingsSchema = z5.object({ systemTitle: z5.string(), systemTitleEn: z5.string(), demoMode: z5.boolean() });

// ../packages/contracts/src/admin.ts
var code2 = codeOf(64);
var userResource = defineResource({
  name: "user",
  base: "/sys/user",
  menu: "sys_user",
  label: "realname",
  unique: ["username"],
  status: { field: "status", dict: "user_status" },
  fields: {
    username: { type: "string", search: "like", sort: true },
    realname: { type: "string", search: "like", sort: true },
    positionId: { type: "string", ref: { resource: "position", label: "name" }, search: "eq" },
    phone: { type: "string", search: "like" },
    email: { type: "string", search: "like", list: false },
    gender: { type: "dict", dict: "sex", search: "eq" },
    birthday: { type: "date", list: false },
    hireDate: { type: "date", sort: true, search: "range" },
    status: { type: "dict", dict: "user_status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var UserInputSchema = z6.object({
  username: UsernameSchema,
  realname: text(64).min(1),
  positionId: z6.string().uuid().nullish(),
  phone: optionalText(32),
  email: z6.string().trim().email().max(128).nullish().or(z6.literal("")),
  gender: z6.enum(["1", "2"]).nullish(),
  birthday: day.nullish(),
  hireDate: day.nullish(),
  status: z6.enum(["1", "2"]).default("1"),
  roleIds: ids(50).default([]),
  departIds: ids(50).default([]),
  branchIds: ids(500).default([]),
  password: PasswordHashSchema,
  confirmPassword: PasswordHashSchema
});
var UserEditSchema = editSchemaOf(
  UserInputSchema.omit({ username: true, password: true, confirmPassword: true })
);
var UserSchema = z6.object({
  ...recordBase,
  username: z6.string(),
  realname: z6.string(),
  positionId: z6.string().nullable(),
  phone: z6.string().nullable(),
  email: z6.string().nullable(),
  gender: z6.string().nullable(),
  birthday: z6.string().nullable(),
  hireDate: z6.string().nullable(),
  status: z6.string(),
  /** The department the user works in now (one of `departIds`). */
  orgCode: z6.string().nullable(),
  roleIds: z6.array(z6.string()),
  departIds: z6.array(z6.string()),
  branchIds: z6.array(z6.string())
});
var roleResource = defineResource({
  name: "role",
  base: "/sys/role",
  menu: "sys_role",
  label: "roleName",
  unique: ["roleCode", "roleName"],
  fields: {
    roleCode: { type: "string", search: "like", sort: true },
    roleName: { type: "string", search: "like", sort: true },
    roleNameEn: { type: "string", search: "like", sort: true },
    dataScope: { type: "dict", dict: "data_scope", search: "eq", sort: true },
    description: { type: "string", list: false },
    ...AUDIT_FIELDS
  }
});
var RoleInputSchema = z6.object({
  roleCode: code2,
  roleName: text(100).min(1),
  roleNameEn: optionalText(100),
  dataScope: z6.enum(["all", "department", "personal"]).default("personal"),
  description: optionalText(500)
});
var RoleEditSchema = editSchemaOf(RoleInputSchema.omit({ roleCode: true }));
var RoleSchema = RoleInputSchema.extend({
  ...recordBase,
  roleNameEn: z6.string().nullable(),
  description: z6.string().nullable()
});
var PermissionNodeSchema = z6.object({
  id: z6.string(),
  parentId: z6.string().nullable(),
  code: z6.string(),
  title: z6.string(),
  menuType: z6.number().int(),
  get children() {
    return z6.array(PermissionNodeSchema);
  }
});
var RolePermissionTreeSchema = z6.object({
  tree: z6.array(PermissionNodeSchema),
  granted: z6.array(z6.string()),
  locked: z6.array(z6.string())
});
var ConfigPermissionSchema = z6.object({
  roleId: z6.string().uuid(),
  permissionIds: z6.array(z6.string().uuid()).max(5e3)
});
var logResource = defineResource({
  name: "log",
  base: "/sys/log",
  menu: "sys_log",
  label: "operation",
  fields: {
    logType: { type: "dict", dict: "log_type", search: "eq", sort: true },
    username: { type: "string", search: "like", sort: true },
    operation: { type: "string", search: "like", sort: true },
    resource: { type: "string", search: "like", sort: true },
    objectId: { type: "string", search: "eq", list: false },
    ip: { type: "string", search: "like" },
    method: { type: "string", search: "eq", list: false },
    path: { type: "string", search: "like", list: false },
    costMs: { type: "number", sort: true, search: "range" },
    requestId: { type: "string", search: "eq", list: false },
    createAt: { type: "datetime", search: "range", sort: true, readOnly: true }
  }
});
var LogSchema = z6.object({
  id: z6.string(),
  logType: z6.number().int(),
  userId: z6.string().nullable(),
  username: z6.string().nullable(),
  ip: z6.string().nullable(),
  method: z6.string().nullable(),
  path: z6.string().nullable(),
  operation: z6.string(),
  resource: z6.string().nullable(),
  objectId: z6.string().nullable(),
  before: z6.unknown(),
  after: z6.unknown(),
  costMs: z6.number().int().nullable(),
  requestId: z6.string().nullable(),
  createAt: z6.coerce.date()
});

// ../packages/contracts/src/approval.ts
import { z as z8 } from "zod";

// ../packages/contracts/src/dicts/types.ts
var item = (value, textId, zh, en2) => ({ value, textId, zh, en: en2 });

// ../packages/contracts/src/dicts/sales.ts
var OrderStatus = {
  PendingReview: 100801,
  UnderReview: 100802,
  PendingDelivery: 100803,
  Rejected: 100804,
  PartlyDelivered: 100805,
  FullyDelivered: 100806,
  DeliveryComplete: 100807
};
var ApprovalStatus = { Pending: "0", UnderReview: "1", Approved: "2", Rejected: "3" };
var salesDicts = [
  {
    code: "order_status",
    textId: 102201,
    zh: "\u8BA2\u5355\u72B6\u6001",
    en: "Order status",
    items: [
      item(String(OrderStatus.PendingReview), OrderStatus.PendingReview, "\u5F85\u5BA1\u6838", "Pending review"),
      item(String(OrderStatus.UnderReview), OrderStatus.UnderReview, "\u5BA1\u6838\u4E2D", "Under review"),
      item(String(OrderStatus.PendingDelivery), OrderStatus.PendingDelivery, "\u5F85\u53D1\u8D27", "Pending delivery"),
      item(String(OrderStatus.Rejected), OrderStatus.Rejected, "\u5DF2\u9A73\u56DE", "Rejected"),
      item(String(OrderStatus.PartlyDelivered), OrderStatus.PartlyDelivered, "\u90E8\u5206\u53D1\u8D27", "Partly delivered"),
      item(String(OrderStatus.FullyDelivered), OrderStatus.FullyDelivered, "\u5168\u90E8\u53D1\u8D27", "Fully delivered"),
      item(String(OrderStatus.DeliveryComplete), OrderStatus.DeliveryComplete, "\u53D1\u8D27\u5B8C\u6210", "Delivery complete")
    ]
  },
  {
    code: "approval_status",
    textId: 102202,
    zh: "\u5BA1\u6279\u72B6\u6001",
    en: "Approval status",
    items: [
      item(ApprovalStatus.Pending, 101301, "\u5F85\u5BA1\u6838", "Pending"),
      item(ApprovalStatus.UnderReview, 101302, "\u5BA1\u6838\u4E2D", "Under review"),
      item(ApprovalStatus.Approved, 101303, "\u5DF2\u901A\u8FC7", "Approved"),
      item(ApprovalStatus.Rejected, 101304, "\u5DF2\u9A73\u56DE", "Rejected")
    ]
  },
  {
    code: "transport_mode",
    textId: 102203,
    zh: "\u8FD0\u8F93\u65B9\u5F0F",
    en: "Transport mode",
    items: [
      item("air", 100601, "\u7A7A\u8FD0", "Air"),
      item("sea", 100602, "\u6D77\u8FD0", "Sea"),
      item("rail", 100603, "\u94C1\u8DEF", "Rail"),
      item("other", 100604, "\u5176\u4ED6", "Other")
    ]
  },
  {
    code: "container_size",
    textId: 102204,
    zh: "\u67DC\u578B",
    en: "Container size",
    items: [
      item("20ft", 100701, "20\u5C3A\u67DC", "20ft"),
      item("40ft", 100702, "40\u5C3A\u6807\u51C6\u67DC", "40ft standard"),
      item("40hq", 100703, "40\u5C3A\u9AD8\u67DC", "40ft high cube"),
      item("bulk", 100704, "\u6563\u8D27", "Bulk")
    ]
  },
  {
    code: "certificate_type",
    textId: 102205,
    zh: "\u8BC1\u4E66\u7C7B\u578B",
    en: "Certificate type",
    items: [
      item("health", 100901, "\u536B\u751F\u8BC1\u4E66/\u5206\u6790\u8BC1\u4E66", "Health certificate / analysis"),
      item("coa", 100902, "COA", "COA"),
      item("origin", 100903, "\u539F\u4EA7\u5730\u8BC1", "Certificate of origin"),
      item("other", 100904, "\u5176\u4ED6", "Other")
    ]
  }
];

// ../packages/contracts/src/paging.ts
import { z as z7 } from "zod";
var DEFAULT_PAGE_SIZE = 10;
var MAX_PAGE_SIZE = 1e3;
var pageOf = (record) => z7.object({
  records: z7.array(record),
  total: z7.number().int(),
  size: z7.number().int(),
  current: z7.number().int(),
  pages: z7.number().int()
});

// ../packages/contracts/src/approval.ts
var AuditBusiness = {
  Product: "product",
  SaleOrder: "sale_order",
  OrderAdjust: "order_adjust",
  OrderDelete: "order_delete"
};
var AUDIT_BUSINESSES = Object.values(AuditBusiness);
var AuditBusinessSchema = z8.enum(AUDIT_BUSINESSES);
var RejectFlow = { ToSubmitter: "submitter", ToPrevious: "previous" };
var RejectFlowSchema = z8.enum([RejectFlow.ToSubmitter, RejectFlow.ToPrevious]);
var StepDeptType = { Fixed: "fixed", Submitter: "submitter" };
var StepDeptTypeSchema = z8.enum([StepDeptType.Fixed, StepDeptType.Submitter]);
var ReviewDecision = { Approve: "approve", Reject: "reject" };
var ReviewDecisionSchema = z8.enum([ReviewDecision.Approve, ReviewDecision.Reject]);
var ApprovalStatusSchema = z8.enum([
  ApprovalStatus.Pending,
  ApprovalStatus.UnderReview,
  ApprovalStatus.Approved,
  ApprovalStatus.Rejected
]);
var AuditConfigStatusSchema = z8.enum(["0", "1"]);
var NOTE_MAX = 500;
var AuditStepInputSchema = z8.object({
  stepName: z8.string().trim().max(100).nullish(),
  deptType: StepDeptTypeSchema.default(StepDeptType.Fixed),
  /** The department's orgCode; required for a fixed department. */
  orgCode: z8.string().trim().max(64).nullish(),
  roleCode: z8.string().trim().min(1).max(64),
  /** Hours a step may wait for its decision; none means no limit. */
  timeLimitHours: z8.number().int().min(1).max(8760).nullish()
}).refine((s) => s.deptType !== StepDeptType.Fixed || !!s.orgCode, {
  message: "orgCode is required for a fixed department",
  path: ["orgCode"]
});
var AuditConfigInputSchema = z8.object({
  business: AuditBusinessSchema,
  name: z8.string().trim().min(1).max(100),
  /** Whether one person may approve two consecutive steps. */
  repeatAudit: z8.boolean().default(false),
  rejectFlow: RejectFlowSchema.default(RejectFlow.ToSubmitter),
  /** Whether the submitter is barred from reviewing what they submitted. */
  forbidSelfApproval: z8.boolean().default(false),
  status: AuditConfigStatusSchema.default("1"),
  description: z8.string().trim().max(500).nullish(),
  /** In order: the first is step 1. */
  steps: z8.array(AuditStepInputSchema).min(1).max(20)
});
var AuditConfigEditSchema = AuditConfigInputSchema.extend({
  id: z8.string().uuid(),
  version: z8.number().int()
});
var AuditStepSchema = z8.object({
  id: z8.string(),
  stepNo: z8.number().int(),
  stepName: z8.string().nullable(),
  deptType: StepDeptTypeSchema,
  orgCode: z8.string().nullable(),
  /** In the request's language; null for the submitter's department. */
  departName: z8.string().nullable(),
  roleCode: z8.string(),
  roleName: z8.string().nullable(),
  timeLimitHours: z8.number().int().nullable()
});
var AuditConfigSchema = z8.object({
  id: z8.string(),
  business: z8.string(),
  name: z8.string(),
  repeatAudit: z8.boolean(),
  rejectFlow: RejectFlowSchema,
  forbidSelfApproval: z8.boolean(),
  status: AuditConfigStatusSchema,
  description: z8.string().nullable(),
  version: z8.number().int(),
  createAt: z8.string(),
  updateAt: z8.string().nullable(),
  steps: z8.array(AuditStepSchema)
});
var AuditConfigListQuerySchema = z8.object({ business: AuditBusinessSchema });
var AuditConfigAllQuerySchema = z8.object({
  business: AuditBusinessSchema.optional(),
  status: AuditConfigStatusSchema.optional()
});
var ReviewItemSchema = z8.object({
  id: z8.string(),
  business: z8.string(),
  objectId: z8.string(),
  objectNo: z8.string().nullable(),
  status: ApprovalStatusSchema,
  currentStep: z8.number().int(),
  stepCount: z8.number().int(),
  stepName: z8.string().nullable(),
  deptCode: z8.string().nullable(),
  departName: z8.string().nullable(),
  roleCode: z8.string().nullable(),
  roleName: z8.string().nullable(),
  submitterId: z8.string().nullable(),
  submitterName: z8.string().nullable(),
  startedAt: z8.string(),
  stepStartedAt: z8.string(),
  /** When the current step's time limit runs out; null without a limit. */
  deadline: z8.string().nullable(),
  expired: z8.boolean(),
  /** The caller's latest decision on this review (the 'done' tab); null in the inbox. */
  myDecision: ReviewDecisionSchema.nullable(),
  myDecidedAt: z8.string().nullable(),
  version: z8.number().int()
});
var ReviewPageSchema = pageOf(ReviewItemSchema);
var TodoListQuerySchema = z8.object({
  business: AuditBusinessSchema.optional(),
  pageNo: z8.coerce.number().int().min(1).default(1),
  pageSize: z8.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE)
});
var ReviewListQuerySchema = TodoListQuerySchema.extend({
  tab: z8.enum(["todo", "done"]).default("todo"),
  objectNo: z8.string().trim().max(64).optional()
});
var ReviewDecideSchema = z8.object({
  id: z8.string().uuid(),
  decision: ReviewDecisionSchema,
  /** Required (SPEC 5); the server answers 'review note required' when blank. */
  note: z8.string().max(NOTE_MAX).nullish(),
  stepNo: z8.number().int().min(1).optional(),
  version: z8.number().int().optional()
});
var ReviewDecisionResultSchema = z8.object({
  id: z8.string(),
  business: z8.string(),
  objectId: z8.string(),
  objectNo: z8.string().nullable(),
  stepNo: z8.number().int(),
  decision: ReviewDecisionSchema,
  /** advanced to the next step, approved (finished), returned to the previous step, rejected (ended). */
  outcome: z8.enum(["advanced", "approved", "returned", "rejected"]),
  final: z8.boolean(),
  status: ApprovalStatusSchema,
  currentStep: z8.number().int(),
  version: z8.number().int()
});
var BatchApproveSchema = z8.object({
  ids: z8.string().min(1).max(4e4),
  note: z8.string().max(NOTE_MAX).nullish()
});
var BatchApproveResultSchema = z8.array(
  z8.object({ id: z8.string(), success: z8.boolean(), code: z8.number().int(), message: z8.string() })
);
var ReviewRefQuerySchema = z8.object({
  id: z8.string().uuid().optional(),
  business: AuditBusinessSchema.optional(),
  objectId: z8.string().min(1).max(64).optional()
}).refine((q2) => !!q2.id || !!q2.business && !!q2.objectId, {
  message: "id, or business and objectId, are required",
  path: ["id"]
});
var ReviewStepProgressSchema = z8.object({
  stepNo: z8.number().int(),
  stepName: z8.string().nullable(),
  deptCode: z8.string().nullable(),
  departName: z8.string().nullable(),
  roleCode: z8.string(),
  roleName: z8.string().nullable(),
  timeLimitHours: z8.number().int().nullable(),
  /** SPEC 3 audit record: 1 once the step is decided for good. */
  isAudit: z8.union([z8.literal(0), z8.literal(1)]),
  decision: ReviewDecisionSchema.nullable(),
  userId: z8.string().nullable(),
  realname: z8.string().nullable(),
  decidedAt: z8.string().nullable(),
  note: z8.string().nullable()
});
var ReviewHistoryEntrySchema = z8.object({
  round: z8.number().int(),
  stepNo: z8.number().int(),
  deptCode: z8.string().nullable(),
  roleCode: z8.string(),
  decision: ReviewDecisionSchema,
  userId: z8.string().nullable(),
  realname: z8.string().nullable(),
  note: z8.string().nullable(),
  decidedAt: z8.string()
});
var ReviewProgressSchema = z8.object({
  id: z8.string(),
  business: z8.string(),
  objectId: z8.string(),
  objectNo: z8.string().nullable(),
  status: ApprovalStatusSchema,
  round: z8.number().int(),
  /** The step to highlight, derived as SPEC 4 says (a rejected review shows the step before). */
  currentStep: z8.number().int(),
  steps: z8.array(ReviewStepProgressSchema),
  /** Every decision of every round, oldest first. */
  history: z8.array(ReviewHistoryEntrySchema),
  version: z8.number().int()
});
var deriveCurrentStepIndex = (steps, rejected) => {
  if (steps.length === 0) return 0;
  const firstOpen = steps.findIndex((s) => s.isAudit !== 1);
  if (firstOpen === -1) return steps.length - 1;
  if (firstOpen === 0) return 0;
  return rejected ? firstOpen - 1 : firstOpen;
};

// ../packages/contracts/src/dicts/approval.ts
var approvalDicts = [
  {
    code: "audit_business",
    textId: 102380,
    zh: "\u5BA1\u6838\u4E1A\u52A1",
    en: "Review business",
    items: [
      item(AuditBusiness.Product, 102384, "\u4EA7\u54C1\u5BA1\u6838", "Product review"),
      item(AuditBusiness.SaleOrder, 102385, "\u9500\u552E\u8BA2\u5355\u5BA1\u6838", "Sales order review"),
      item(AuditBusiness.OrderAdjust, 102386, "\u8BA2\u5355\u8C03\u6574\u5BA1\u6838", "Order adjustment review"),
      item(AuditBusiness.OrderDelete, 102387, "\u8BA2\u5355\u5220\u9664\u5BA1\u6838", "Order deletion review")
    ]
  },
  {
    code: "audit_reject_flow",
    textId: 102381,
    zh: "\u9A73\u56DE\u6D41\u7A0B",
    en: "Rejection flow",
    items: [
      item(RejectFlow.ToSubmitter, 102388, "\u9000\u56DE\u63D0\u4EA4\u4EBA", "Back to the submitter"),
      item(RejectFlow.ToPrevious, 102389, "\u9000\u56DE\u4E0A\u4E00\u6B65", "Back to the previous step")
    ]
  },
  {
    code: "audit_step_dept_type",
    textId: 102382,
    zh: "\u5BA1\u6838\u90E8\u95E8\u7C7B\u578B",
    en: "Reviewing department",
    items: [
      item(StepDeptType.Fixed, 102390, "\u6307\u5B9A\u90E8\u95E8", "A fixed department"),
      item(StepDeptType.Submitter, 102391, "\u63D0\u4EA4\u4EBA\u6240\u5728\u90E8\u95E8", "The submitter's department")
    ]
  },
  {
    code: "audit_decision",
    textId: 102383,
    zh: "\u5BA1\u6838\u7ED3\u679C",
    en: "Review decision",
    items: [
      item(ReviewDecision.Approve, 102392, "\u901A\u8FC7", "Approved"),
      item(ReviewDecision.Reject, 102393, "\u9A73\u56DE", "Rejected")
    ]
  }
];

// ../packages/contracts/src/dicts/masterdata.ts
var Status = { Enabled: "1", Disabled: "2" };
var masterDataDicts = [
  {
    code: "status",
    textId: 102301,
    zh: "\u72B6\u6001",
    en: "Status",
    items: [item(Status.Enabled, 101807, "\u542F\u7528", "Enabled"), item(Status.Disabled, 101808, "\u505C\u7528", "Disabled")]
  },
  {
    code: "supplier_type",
    textId: 102302,
    zh: "\u4F9B\u5E94\u5546\u7C7B\u578B",
    en: "Supplier type",
    items: [
      item("raw", 101201, "\u539F\u6599", "Raw material"),
      item("finished", 101202, "\u6210\u54C1", "Finished product"),
      item("packaging", 101203, "\u5305\u6750", "Packaging material"),
      item("oem", 101204, "\u4EE3\u5DE5", "OEM")
    ]
  },
  {
    code: "depot_type",
    textId: 102303,
    zh: "\u4ED3\u5E93\u7C7B\u578B",
    en: "Warehouse type",
    items: [item("finished", 101901, "\u6210\u54C1\u4ED3", "Finished goods"), item("raw", 101902, "\u539F\u6599\u4ED3", "Raw material")]
  }
];

// ../packages/contracts/src/dicts/messaging.ts
var messagingDicts = [
  {
    code: "notice_type",
    textId: 102010,
    zh: "\u516C\u544A\u7C7B\u578B",
    en: "Notice type",
    items: [
      item("announcement", 102001, "\u516C\u544A", "Announcement"),
      item("notification", 102002, "\u901A\u77E5", "Notification"),
      item("system", 102003, "\u7CFB\u7EDF\u6D88\u606F", "System message")
    ]
  },
  {
    code: "notice_status",
    textId: 102011,
    zh: "\u516C\u544A\u72B6\u6001",
    en: "Notice status",
    items: [
      item("draft", 102004, "\u8349\u7A3F", "Draft"),
      item("published", 102005, "\u5DF2\u53D1\u5E03", "Published"),
      item("withdrawn", 102006, "\u5DF2\u64A4\u56DE", "Withdrawn")
    ]
  },
  {
    code: "notice_target",
    textId: 102012,
    zh: "\u63A5\u6536\u8303\u56F4",
    en: "Recipients",
    items: [
      item("all", 102007, "\u5168\u4F53\u4EBA\u5458", "Everyone"),
      item("departments", 102008, "\u6307\u5B9A\u90E8\u95E8", "Departments"),
      item("roles", 102009, "\u6307\u5B9A\u89D2\u8272", "Roles")
    ]
  }
];

// ../packages/contracts/src/dicts/product.ts
var values = (items) => items.map((i) => i.value);
var SPEC_TYPE_ITEMS = [
  item("standard", 102501, "\u6807\u51C6\u88C5", "Standard pack"),
  item("gift", 102502, "\u793C\u76D2\u88C5", "Gift box"),
  item("family", 102503, "\u5BB6\u5EAD\u88C5", "Family pack"),
  item("sample", 102504, "\u8BD5\u7528\u88C5", "Sample"),
  item("bulk", 102505, "\u6563\u88C5", "Bulk")
];
var SOURCE_ITEMS = [
  item("self", 102511, "\u81EA\u4EA7", "Self-production"),
  item("oem", 102512, "OEM\u91C7\u8D2D", "OEM purchase")
];
var PRODUCT_TYPE_ITEMS = [
  item("finished", 102521, "\u6210\u54C1", "Finished product"),
  item("raw", 102522, "\u539F\u6599", "Raw material"),
  item("packaging", 102523, "\u5305\u6750", "Packaging material")
];
var DOSAGE_FORM_ITEMS = [
  item("capsule", 102531, "\u80F6\u56CA", "Capsule"),
  item("softgel", 102532, "\u8F6F\u80F6\u56CA", "Softgel"),
  item("tablet", 102533, "\u7247\u5242", "Tablet"),
  item("powder", 102534, "\u7C89\u5242", "Powder"),
  item("granule", 102535, "\u9897\u7C92", "Granule"),
  item("liquid", 102536, "\u53E3\u670D\u6DB2", "Oral liquid"),
  item("paste", 102537, "\u818F\u5242", "Paste"),
  item("teabag", 102538, "\u888B\u6CE1\u8336", "Tea bag"),
  item("solid", 102539, "\u56FA\u4F53", "Solid"),
  item("other", 102540, "\u5176\u4ED6", "Other")
];
var LABEL_TYPE_ITEMS = [
  item("zh", 102601, "\u4E2D\u6587", "Chinese"),
  item("ru", 102602, "\u4FC4\u8BED", "Russian"),
  item("en", 102603, "\u82F1\u8BED", "English"),
  item("fr", 102604, "\u6CD5\u8BED", "French"),
  item("pt", 102605, "\u8461\u8404\u7259\u8BED", "Portuguese"),
  item("es", 102606, "\u897F\u73ED\u7259\u8BED", "Spanish"),
  item("th", 102607, "\u6CF0\u8BED", "Thai"),
  item("id", 102608, "\u5370\u5C3C\u8BED", "Indonesian"),
  item("my", 102609, "\u7F05\u7538\u8BED", "Burmese"),
  item("zh_en", 102610, "\u4E2D\u82F1", "Chinese/English"),
  item("ru_en", 102611, "\u4FC4\u82F1", "Russian/English"),
  item("ru_kk", 102612, "\u4FC4\u54C8", "Russian/Kazakh"),
  item("en_fr", 102613, "\u82F1\u6CD5", "English/French"),
  item("pt_es", 102614, "\u8461\u897F", "Portuguese/Spanish"),
  item("en_es", 102615, "\u82F1\u897F", "English/Spanish"),
  item("en_th", 102616, "\u82F1\u6CF0", "English/Thai"),
  item("en_id", 102617, "\u82F1\u5370\u5C3C", "English/Indonesian"),
  item("en_my", 102618, "\u82F1\u7F05", "English/Burmese"),
  item("ru_en_fr", 102619, "\u4FC4\u82F1\u6CD5", "Russian/English/French")
];
var UNIT_ITEMS = [
  item("piece", 102701, "\u4E2A", "Piece"),
  item("bottle", 102702, "\u74F6", "Bottle"),
  item("box", 102703, "\u76D2", "Box"),
  item("bag", 102704, "\u888B", "Bag"),
  item("can", 102705, "\u7F50", "Can"),
  item("carton", 102706, "\u7BB1", "Carton"),
  item("kg", 102707, "\u5343\u514B", "Kilogram"),
  item("g", 102708, "\u514B", "Gram"),
  item("l", 102709, "\u5347", "Litre"),
  item("barrel", 102710, "\u6876", "Barrel"),
  item("set", 102711, "\u5957", "Set"),
  item("strip", 102712, "\u677F", "Strip"),
  item("sachet", 102713, "\u5305", "Sachet"),
  item("tin", 102714, "\u542C", "Tin"),
  item("pallet", 102715, "\u6258", "Pallet"),
  item("ton", 102716, "\u5428", "Ton")
];
var UNIT_USE_ITEMS = [
  item("purchase", 102751, "\u91C7\u8D2D", "Purchase"),
  item("sale", 102752, "\u9500\u552E", "Sale"),
  item("stock", 102753, "\u5E93\u5B58", "Stock")
];
var PRICE_TYPE_ITEMS = [
  item("purchase", 102761, "\u91C7\u8D2D\u4EF7", "Purchase price"),
  item("retail", 102762, "\u96F6\u552E\u4EF7", "Retail price"),
  item("sale", 102763, "\u9500\u552E\u4EF7", "Sale price"),
  item("internal", 102764, "\u5185\u90E8\u91C7\u8D2D\u4EF7", "Internal purchase price")
];
var STOCK_DOC_TYPE_ITEMS = [
  item("purchase_in", 102771, "\u91C7\u8D2D\u5165\u5E93", "Purchase in"),
  item("production_in", 102772, "\u751F\u4EA7\u5165\u5E93", "Production in"),
  item("sales_out", 102773, "\u9500\u552E\u51FA\u5E93", "Sales out"),
  item("branch_upload", 102774, "\u5206\u516C\u53F8\u5E93\u5B58\u4E0A\u4F20", "Branch stock upload")
];
var SpecTypeValues = values(SPEC_TYPE_ITEMS);
var SourceValues = values(SOURCE_ITEMS);
var ProductTypeValues = values(PRODUCT_TYPE_ITEMS);
var DosageFormValues = values(DOSAGE_FORM_ITEMS);
var LabelTypeValues = values(LABEL_TYPE_ITEMS);
var UnitValues = values(UNIT_ITEMS);
var UnitUseValues = values(UNIT_USE_ITEMS);
var PriceTypeValues = values(PRICE_TYPE_ITEMS);
var PriceType = { Purchase: "purchase", Retail: "retail", Sale: "sale", Internal: "internal" };
var StockDocType = {
  PurchaseIn: "purchase_in",
  ProductionIn: "production_in",
  SalesOut: "sales_out"
};
var productDicts = [
  { code: "product_spec_type", textId: 102401, zh: "\u89C4\u683C\u7C7B\u578B", en: "Spec type", items: SPEC_TYPE_ITEMS },
  { code: "product_source", textId: 102402, zh: "\u4EA7\u54C1\u6765\u6E90", en: "Source", items: SOURCE_ITEMS },
  { code: "product_type", textId: 102403, zh: "\u4EA7\u54C1\u7C7B\u578B", en: "Product type", items: PRODUCT_TYPE_ITEMS },
  { code: "dosage_form", textId: 102404, zh: "\u5242\u578B", en: "Dosage form", items: DOSAGE_FORM_ITEMS },
  { code: "label_type", textId: 102405, zh: "\u6807\u7B7E\u7C7B\u578B", en: "Label type", items: LABEL_TYPE_ITEMS },
  { code: "product_unit", textId: 102406, zh: "\u8BA1\u91CF\u5355\u4F4D", en: "Unit of measure", items: UNIT_ITEMS },
  { code: "unit_use", textId: 102407, zh: "\u5355\u4F4D\u7528\u9014", en: "Unit use", items: UNIT_USE_ITEMS },
  { code: "price_type", textId: 102408, zh: "\u4EF7\u683C\u7C7B\u578B", en: "Price type", items: PRICE_TYPE_ITEMS },
  {
    code: "stock_doc_type",
    textId: 102409,
    zh: "\u5E93\u5B58\u5355\u636E\u7C7B\u578B",
    en: "Stock document type",
    items: STOCK_DOC_TYPE_ITEMS
  }
];

// ../packages/contracts/src/dicts/system.ts
var DataScope = { All: "all", Department: "department", Personal: "personal" };
var UserStatus = { Enabled: "1", Disabled: "2" };
var systemDicts = [
  {
    code: "data_scope",
    textId: 102101,
    zh: "\u6570\u636E\u6743\u9650",
    en: "Data permission",
    items: [
      item(DataScope.All, 101701, "\u5168\u90E8\u6570\u636E", "All data"),
      item(DataScope.Department, 101702, "\u672C\u90E8\u95E8\u6570\u636E", "Own department"),
      item(DataScope.Personal, 101703, "\u4EC5\u672C\u4EBA\u6570\u636E", "Own records only")
    ]
  },
  {
    code: "sex",
    textId: 102102,
    zh: "\u6027\u522B",
    en: "Gender",
    items: [item("1", 101801, "\u7537", "Male"), item("2", 101802, "\u5973", "Female")]
  },
  {
    code: "user_status",
    textId: 102103,
    zh: "\u7528\u6237\u72B6\u6001",
    en: "User status",
    items: [item(UserStatus.Enabled, 101803, "\u6B63\u5E38", "Enabled"), item(UserStatus.Disabled, 101804, "\u505C\u7528", "Disabled")]
  },
  {
    code: "yn",
    textId: 102104,
    zh: "\u662F\u5426",
    en: "Yes/No",
    items: [item("1", 101805, "\u662F", "Yes"), item("0", 101806, "\u5426", "No")]
  },
  {
    code: "log_type",
    textId: 102105,
    zh: "\u65E5\u5FD7\u7C7B\u578B",
    en: "Log type",
    items: [
      item("1", 101001, "\u767B\u5F55\u65E5\u5FD7", "Login"),
      item("2", 101002, "\u64CD\u4F5C\u65E5\u5FD7", "Operation"),
      item("3", 101003, "\u5BA1\u6838\u65E5\u5FD7", "Review")
    ]
  },
  {
    code: "region",
    textId: 102106,
    zh: "\u533A\u57DF",
    en: "Region",
    items: [
      item("eurasia", 100301, "\u6B27\u4E9A", "Eurasia"),
      item("south_america", 100302, "\u5357\u7F8E", "South America"),
      item("africa", 100303, "\u975E\u6D32", "Africa"),
      item("asia", 100304, "\u4E9A\u6D32", "Asia"),
      item("north_america", 100305, "\u5317\u7F8E", "North America")
    ]
  },
  {
    code: "branch_type",
    textId: 102107,
    zh: "\u5206\u516C\u53F8\u7C7B\u578B",
    en: "Branch type",
    items: [item("domestic", 100401, "\u56FD\u5185", "Domestic"), item("overseas", 100402, "\u6D77\u5916", "Overseas")]
  },
  {
    code: "lang",
    textId: 102108,
    zh: "\u8BED\u8A00",
    en: "Language",
    items: [item("zh", 100501, "\u4E2D\u6587", "Chinese"), item("en", 100502, "\u82F1\u6587", "English")]
  }
];

// ../packages/contracts/src/dicts/index.ts
var DICTIONARIES = [
  ...systemDicts,
  ...masterDataDicts,
  ...salesDicts,
  ...approvalDicts,
  ...productDicts,
  ...messagingDicts
];

// ../packages/contracts/src/envelope.ts
import { z as z9 } from "zod";
var envelope = (result) => z9.object({
  success: z9.boolean(),
  code: z9.number().int(),
  message: z9.string(),
  result,
  timestamp: z9.number().int()
});
var OK = 200;
var WARNING = 510;

// ../packages/contracts/src/errors.ts
var entry = (code5, status2, zh, en2) => ({ code: code5, status: status2, zh, en: en2 });
var Errors = {
  // 2010xx: platform and identity
  PermissionDenied: entry(201001, 403, "\u6743\u9650\u4E0D\u8DB3", "Insufficient permission"),
  UploadFailed: entry(201002, 400, "\u4E0A\u4F20\u5931\u8D25", "Upload failed"),
  FileNotFound: entry(201003, 404, "\u6587\u4EF6\u4E0D\u5B58\u5728", "File not found"),
  OperationFailed: entry(201004, 400, "\u64CD\u4F5C\u5931\u8D25", "Operation failed"),
  SystemError: entry(201005, 500, "\u7CFB\u7EDF\u9519\u8BEF\uFF0C\u8BF7\u8054\u7CFB\u7BA1\u7406\u5458", "System error, please contact the administrator"),
  SessionError: entry(201006, 401, "\u4F1A\u8BDD\u5DF2\u5931\u6548\uFF0C\u8BF7\u91CD\u65B0\u767B\u5F55", "Session expired, please log in again"),
  TooManyRequests: entry(201007, 429, "\u8BBF\u95EE\u8FC7\u4E8E\u9891\u7E41\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", "Too many accesses, please try again later"),
  NoDataToExportOrImport: entry(201008, 400, "\u6CA1\u6709\u53EF\u5BFC\u51FA\u6216\u5BFC\u5165\u7684\u6570\u636E", "No data to export or import"),
  DownloadFailed: entry(201009, 400, "\u4E0B\u8F7D\u5931\u8D25", "Download failed"),
  SystemBusy: entry(201010, 503, "\u7CFB\u7EDF\u7E41\u5FD9\uFF0C\u8BF7\u7A0D\u540E\u518D\u8BD5", "System busy, please try again later"),
  LoginAccountExists: entry(201011, 409, "\u767B\u5F55\u8D26\u53F7\u5DF2\u5B58\u5728", "The login account already exists"),
  WrongPassword: entry(201012, 400, "\u767B\u5F55\u5BC6\u7801\u9519\u8BEF", "Incorrect login password"),
  UserNotFound: entry(201013, 400, "\u767B\u5F55\u7528\u6237\u4E0D\u5B58\u5728", "The login user does not exist"),
  AccountDisabled: entry(201014, 403, "\u8BE5\u8D26\u53F7\u5DF2\u505C\u7528", "The account has been deactivated"),
  AccountDeleted: entry(201015, 403, "\u8BE5\u8D26\u53F7\u5DF2\u5220\u9664", "The account has been deleted"),
  NotFound: entry(201016, 404, "\u62B1\u6B49\uFF0C\u8D44\u6E90\u672A\u627E\u5230", "Sorry, the resource was not found!"),
  ParameterError: entry(201017, 400, "\u53C2\u6570\u9519\u8BEF", "Parameter error"),
  DataChanged: entry(201018, 409, "\u6570\u636E\u5DF2\u53D8\u66F4\uFF0C\u8BF7\u5237\u65B0\u540E\u91CD\u8BD5", "Data error, please refresh and try again"),
  InUseCannotDelete: entry(201019, 409, "\u6570\u636E\u6B63\u5728\u4F7F\u7528\u4E2D\uFF0C\u4E0D\u80FD\u5220\u9664", "In use, cannot delete"),
  OldPasswordWrong: entry(201020, 400, "\u65E7\u5BC6\u7801\u8F93\u5165\u9519\u8BEF", "The old password is wrong"),
  OldEqualsNewPassword: entry(201021, 400, "\u65B0\u5BC6\u7801\u4E0D\u80FD\u4E0E\u65E7\u5BC6\u7801\u76F8\u540C", "The new password must differ from the old one"),
  RoleExists: entry(201022, 409, "\u89D2\u8272\u540D\u79F0\u6216\u7F16\u7801\u5DF2\u5B58\u5728", "The role name or code already exists"),
  SelectTwoRecords: entry(201023, 400, "\u8BF7\u9009\u62E9\u4E24\u6761\u8BB0\u5F55", "Please select two records"),
  DepartmentNotSet: entry(201024, 400, "\u5C1A\u672A\u8BBE\u7F6E\u90E8\u95E8\u4FE1\u606F", "Department information has not been set"),
  AccountPendingApproval: entry(
    201025,
    403,
    "\u8D26\u53F7\u5F85\u7BA1\u7406\u5458\u542F\u7528",
    "The account is waiting to be enabled by an administrator"
  ),
  CannotChangeSelf: entry(201026, 400, "\u4E0D\u80FD\u505C\u7528\u6216\u5220\u9664\u5F53\u524D\u767B\u5F55\u7528\u6237", "You cannot disable or delete yourself"),
  FileTypeNotAllowed: entry(201027, 400, "\u4E0A\u4F20\u6587\u4EF6\u53EA\u80FD\u662F xls/xlsx \u683C\u5F0F!", "Only xls/xlsx files can be uploaded!"),
  FileTooLarge: entry(201028, 400, "\u6587\u4EF6\u5927\u5C0F\u5FC5\u987B\u5C0F\u4E8E 2MB", "The file must be smaller than 2MB"),
  DuplicateValue: entry(201029, 409, "\u8BE5\u503C\u5DF2\u5B58\u5728", "This value already exists"),
  RuleCheckFailed: entry(201030, 400, "\u683C\u5F0F\u4E0D\u6B63\u786E", "The format is not valid"),
  UnsupportedQuery: entry(201031, 400, "\u4E0D\u652F\u6301\u7684\u67E5\u8BE2\u5B57\u6BB5\u6216\u6761\u4EF6", "Unsupported query field or condition"),
  LegacyXlsNotSupported: entry(
    201032,
    400,
    "\u6682\u4E0D\u652F\u6301\u65E7\u7248 Excel 97-2003 (.xls) \u6587\u4EF6\uFF0C\u8BF7\u53E6\u5B58\u4E3A .xlsx \u540E\u518D\u5BFC\u5165",
    "Old Excel 97-2003 (.xls) files cannot be read; please save the file as .xlsx and import it again"
  ),
  BuiltInProtected: entry(201033, 409, "\u7CFB\u7EDF\u5185\u7F6E\u6570\u636E\u4E0D\u80FD\u5220\u9664\u6216\u4FEE\u6539", "Built-in data cannot be deleted or changed"),
  AdminRoleProtected: entry(
    201034,
    409,
    "\u7CFB\u7EDF\u7BA1\u7406\u5458\u89D2\u8272\u5FC5\u987B\u4FDD\u7559\u7CFB\u7EDF\u7BA1\u7406\u6743\u9650",
    "The system administrator role must keep system management"
  ),
  // 2020xx: business rules
  DuplicateProductCode: entry(202001, 409, "\u4EA7\u54C1\u7F16\u7801\u91CD\u590D", "Duplicate product code"),
  DuplicateProduct: entry(202002, 409, "\u4EA7\u54C1\u91CD\u590D", "Duplicate product"),
  OrderUnchanged: entry(202003, 400, "\u8BA2\u5355\u5185\u5BB9\u672A\u53D1\u751F\u53D8\u5316", "The order content has not changed"),
  ProductMissing: entry(202004, 400, "\u4EA7\u54C1\u4E0D\u5B58\u5728", "The product does not exist"),
  AuditRecordNotFound: entry(202005, 404, "\u5BA1\u6838\u8BB0\u5F55\u6216\u5BA1\u6838\u4EBA\u4E0D\u5B58\u5728", "The review record or reviewer was not found"),
  AlreadyApproved: entry(202006, 409, "\u5DF2\u5BA1\u6838\u901A\u8FC7\uFF0C\u8BF7\u52FF\u91CD\u590D\u64CD\u4F5C", "Already approved"),
  AlreadyRejected: entry(202007, 409, "\u5DF2\u9A73\u56DE\uFF0C\u8BF7\u52FF\u91CD\u590D\u64CD\u4F5C", "Already rejected"),
  ReviewFailed: entry(202008, 409, "\u5BA1\u6838\u5931\u8D25\uFF0C\u8BF7\u5237\u65B0\u540E\u91CD\u8BD5", "Review failed, please refresh"),
  ReviewerMismatch: entry(202009, 403, "\u5BA1\u6838\u4EBA\u4E0D\u5339\u914D", "The reviewer does not match"),
  SelectProduct: entry(202010, 400, "\u8BF7\u9009\u62E9\u4EA7\u54C1", "Please select a product"),
  UploadBranchStock: entry(202011, 400, "\u8BF7\u4E0A\u4F20\u5206\u516C\u53F8\u5E93\u5B58", "Please upload the branch stock"),
  OrderUnderReview: entry(202012, 409, "\u8BA2\u5355\u5BA1\u6838\u4E2D\uFF0C\u4E0D\u80FD\u7F16\u8F91", "The order is under review and cannot be edited"),
  ModificationCountExceeded: entry(202013, 409, "\u8D85\u8FC7\u5141\u8BB8\u7684\u4FEE\u6539\u6B21\u6570", "Exceeds the allowed number of modifications"),
  ModificationTimePassed: entry(202014, 409, "\u5DF2\u8D85\u8FC7\u6700\u540E\u4FEE\u6539\u65F6\u95F4", "Past the last modification time"),
  OrderNumberEmpty: entry(202015, 400, "\u8BA2\u5355\u53F7\u4E0D\u80FD\u4E3A\u7A7A", "The order number is empty"),
  InsufficientStock: entry(202016, 409, "\u5E93\u5B58\u4E0D\u8DB3", "Insufficient stock"),
  OrderNotFound: entry(202017, 404, "\u8BA2\u5355\u4E0D\u5B58\u5728", "The order was not found"),
  PreparationOverLimit: entry(202018, 409, "\u5907\u8D27\u6570\u91CF\u8D85\u51FA\u9650\u5236", "The preparation quantity exceeds the limit"),
  NotPendingPreparation: entry(202019, 409, "\u8BA2\u5355\u4E0D\u662F\u5F85\u5907\u8D27\u72B6\u6001", "The order is not pending preparation"),
  SelectReviewStatus: entry(202020, 400, "\u8BF7\u9009\u62E9\u5BA1\u6838\u72B6\u6001", "Please select a review status"),
  SubProcessUnfinished: entry(202021, 409, "\u5B50\u6D41\u7A0B\u672A\u5B8C\u6210", "A sub-process is unfinished"),
  DuplicatePendingApplication: entry(
    202022,
    409,
    "\u5B58\u5728\u672A\u5BA1\u6838\u7684\u76F8\u540C\u7533\u8BF7",
    "A duplicate application is waiting for review"
  ),
  OnlyPendingDeliveryAdjustable: entry(
    202023,
    409,
    "\u53EA\u6709\u5F85\u53D1\u8D27\u7684\u8BA2\u5355\u53EF\u4EE5\u8C03\u6574",
    "Only orders pending delivery can be adjusted"
  ),
  AppendRule: entry(
    202024,
    400,
    "\u8FFD\u52A0\u4EA7\u54C1\u4E0D\u80FD\u4E0E\u8BA2\u5355\u5DF2\u6709\u4EA7\u54C1\u91CD\u590D",
    "Appended products must not already be in the order"
  ),
  AddRule: entry(202025, 400, "\u589E\u52A0\u6570\u91CF\u5FC5\u987B\u5927\u4E8E 0", "The added quantity must be greater than 0"),
  ReduceRule: entry(
    202026,
    400,
    "\u51CF\u5C11\u6570\u91CF\u5FC5\u987B\u5927\u4E8E 0 \u4E14\u4E0D\u8D85\u8FC7\u8D2D\u4E70\u6570\u91CF",
    "The reduced quantity must be above 0 and not above the bought quantity"
  ),
  SyncOrderFailed: entry(202027, 502, "\u540C\u6B65\u8BA2\u5355\u5931\u8D25", "Syncing the order failed"),
  DeliveryTimeReached: entry(202028, 409, "\u5DF2\u5230\u53D1\u8D27\u65F6\u95F4", "The delivery time has been reached"),
  OnlyCurrentReviewer: entry(202029, 403, "\u53EA\u6709\u5F53\u524D\u5BA1\u6838\u4EBA\u53EF\u4EE5\u64CD\u4F5C", "Only the current reviewer may act"),
  ProductSoldByBranch: entry(202030, 409, "\u5206\u516C\u53F8\u5DF2\u9500\u552E\u7684\u4EA7\u54C1\u4E0D\u80FD\u7F16\u8F91", "A product sold by a branch cannot be edited"),
  LogisticsOnlyOnDeliveryDay: entry(
    202031,
    409,
    "\u7269\u6D41\u53EA\u80FD\u5728\u53D1\u8D27\u5F53\u5929\u4FEE\u6539\u8BA2\u5355",
    "Logistics can change an order only on the delivery day"
  ),
  ShippedCannotAdjust: entry(202032, 409, "\u5DF2\u53D1\u8D27\u7684\u8BA2\u5355\u4E0D\u80FD\u8C03\u6574", "Shipped orders cannot be adjusted"),
  UnfinishedCannotAdjust: entry(202033, 409, "\u672A\u5B8C\u6210\u7684\u8BA2\u5355\u4E0D\u80FD\u8C03\u6574", "Unfinished orders cannot be adjusted"),
  OnlyUnreviewedDeletable: entry(202034, 409, "\u53EA\u80FD\u5220\u9664\u672A\u5BA1\u6838\u7684\u8BA2\u5355", "Only unreviewed orders can be deleted"),
  ReviewNoteRequired: entry(202035, 400, "\u8BF7\u586B\u5199\u5BA1\u6838\u610F\u89C1", "The review note is required"),
  SelfApprovalForbidden: entry(202036, 403, "\u4E0D\u80FD\u5BA1\u6838\u81EA\u5DF1\u63D0\u4EA4\u7684\u5355\u636E", "You cannot review what you submitted"),
  RepeatAuditForbidden: entry(202037, 403, "\u4E0D\u5141\u8BB8\u540C\u4E00\u4EBA\u8FDE\u7EED\u5BA1\u6838", "The same person may not approve consecutive steps"),
  ReviewTimeExpired: entry(
    202078,
    409,
    "\u5BA1\u6838\u65F6\u95F4\u5DF2\u8FC7\u671F\uFF0C\u8BF7\u8054\u7CFB\u7BA1\u7406\u5458",
    "Review time has expired, please contact the administrator"
  ),
  // 4001xx: client-side prompts (SPEC 8), also used when the server refuses the same thing
  ListUrlMissing: entry(400141, 400, "\u8BF7\u8BBE\u7F6E\u5217\u8868\u5730\u5740", "Please set the list URL"),
  DeleteUrlMissing: entry(400142, 400, "\u8BF7\u8BBE\u7F6E\u5220\u9664\u5730\u5740", "Please set the delete URL"),
  BatchDeleteUrlMissing: entry(400143, 400, "\u8BF7\u8BBE\u7F6E\u6279\u91CF\u5220\u9664\u5730\u5740", "Please set the batch delete URL"),
  BatchStatusUrlMissing: entry(400144, 400, "\u8BF7\u8BBE\u7F6E\u6279\u91CF\u72B6\u6001\u5730\u5740", "Please set the batch status URL"),
  SelectRecord: entry(400145, 400, "\u8BF7\u9009\u62E9\u4E00\u6761\u8BB0\u5F55", "Please select a record"),
  PasswordsDiffer: entry(400146, 400, "\u4E24\u6B21\u8F93\u5165\u7684\u5BC6\u7801\u4E0D\u4E00\u81F4", "The two passwords are different")
};
var byCode = new Map(Object.values(Errors).map((e) => [e.code, e]));
var errorByCode = (code5) => byCode.get(code5);
var errorText = (code5, lang) => byCode.get(code5)?.[lang];
var parseLang = (value) => value === "en" || value === "en-US" ? "en" : "zh";

// ../packages/contracts/src/files.ts
import { z as z10 } from "zod";
var IMAGE_MAX_BYTES = 2 * 1024 * 1024;
var AttachmentSchema = z10.object({
  id: z10.string(),
  name: z10.string(),
  size: z10.number().int(),
  mime: z10.string(),
  tableDic: z10.string().nullable(),
  objectId: z10.string().nullable(),
  createAt: z10.coerce.date()
});
var AttachmentQuerySchema = z10.object({
  tableDic: z10.string().min(1).max(64),
  objectId: z10.string().min(1).max(64)
});

// ../packages/contracts/src/list.ts
import { z as z11 } from "zod";
var QUERY_RULES = [
  "eq",
  "ne",
  "gt",
  "ge",
  "lt",
  "le",
  "in",
  "not_in",
  "like",
  "left_like",
  "right_like",
  "empty",
  "not_empty",
  "range"
];
var RULES_BY_TYPE = {
  string: ["eq", "ne", "like", "left_like", "right_like", "in", "not_in", "empty", "not_empty"],
  number: ["eq", "ne", "gt", "ge", "lt", "le", "in", "not_in", "range", "empty", "not_empty"],
  date: ["eq", "ne", "gt", "ge", "lt", "le", "range", "empty", "not_empty"],
  datetime: ["eq", "ne", "gt", "ge", "lt", "le", "range", "empty", "not_empty"],
  dict: ["eq", "ne", "in", "not_in", "empty", "not_empty"]
};
var scalar = z11.union([z11.string(), z11.number(), z11.boolean()]);
var QueryConditionSchema = z11.object({
  field: z11.string().min(1).max(64),
  rule: z11.enum(QUERY_RULES),
  val: z11.union([scalar, z11.array(scalar), z11.null()]).optional()
});
var MatchTypeSchema = z11.enum(["and", "or"]);
var ListQuerySchema = z11.object({
  pageNo: z11.coerce.number().int().min(1).default(1),
  pageSize: z11.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  column: z11.string().max(64).optional(),
  order: z11.enum(["asc", "desc"]).optional(),
  search: z11.string().max(8e3).optional(),
  field: z11.string().max(2e3).optional(),
  superQueryParams: z11.string().max(2e4).optional(),
  superQueryMatchType: MatchTypeSchema.optional()
});
var IdsSchema = z11.object({ ids: z11.string().min(1).max(4e4) });
var BatchStatusSchema = z11.object({ ids: z11.string().min(1).max(4e4), status: z11.string().min(1).max(16) });
var VersionedSchema = z11.object({ id: z11.string(), version: z11.number().int() });
var ExportQuerySchema = ListQuerySchema.extend({
  selections: z11.string().max(4e4).optional(),
  langJson: z11.string().max(2e4).optional()
});
var ImportStartSchema = z11.object({ jobId: z11.string() });
var ImportProgressSchema = z11.object({
  jobId: z11.string(),
  status: z11.enum(["running", "done", "failed"]),
  phase: z11.enum(["reading", "validating", "writing", "finished"]),
  processed: z11.number().int(),
  total: z11.number().int(),
  imported: z11.number().int(),
  failed: z11.number().int(),
  errorFileId: z11.string().nullable(),
  message: z11.string().nullable()
});
var SavedQueryInputSchema = z11.object({
  resource: z11.string().min(1).max(64),
  name: z11.string().trim().min(1).max(64),
  conditions: z11.array(QueryConditionSchema).min(1).max(30),
  matchType: MatchTypeSchema,
  roleIds: z11.array(z11.string().uuid()).max(50).default([])
});
var SavedQuerySchema = SavedQueryInputSchema.extend({
  id: z11.string(),
  owner: z11.boolean(),
  createAt: z11.date()
});

// ../packages/contracts/src/masterdata.ts
import { z as z12 } from "zod";
var code3 = codeOf(32);
var countryResource = defineResource({
  name: "country",
  base: "/md/country",
  menu: "md_country",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true },
    currencyName: { type: "string", search: "like" },
    currencyCode: { type: "string", search: "eq", sort: true },
    currencySymbol: { type: "string" },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var CountryInputSchema = z12.object({
  code: code3.max(8),
  name: text(100).min(1),
  nameEn: optionalText(100),
  currencyName: text(64).min(1),
  currencyCode: optionalText(8),
  currencySymbol: text(8).min(1),
  status: status.default("1")
});
var CountrySchema = CountryInputSchema.extend({
  ...recordBase,
  nameEn: z12.string().nullable(),
  currencyCode: z12.string().nullable()
});
var branchResource = defineResource({
  name: "branch",
  base: "/md/branch",
  menu: "md_branch",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true },
    branchType: { type: "dict", dict: "branch_type", search: "eq", sort: true },
    countryId: { type: "string", ref: { resource: "country", label: "name" }, search: "eq" },
    region: { type: "dict", dict: "region", search: "eq", sort: true },
    departId: { type: "string", ref: { resource: "department", label: "departName" } },
    sortNo: { type: "number", sort: true },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var BranchInputSchema = z12.object({
  code: code3,
  name: text(100).min(1),
  nameEn: optionalText(100),
  branchType: z12.enum(["domestic", "overseas"]),
  countryId: z12.string().uuid().nullish(),
  region: optionalText(32),
  departId: z12.string().uuid().nullish(),
  sortNo: z12.coerce.number().int().min(0).max(99999).default(0),
  status: status.default("1")
});
var BranchSchema = BranchInputSchema.extend({
  ...recordBase,
  nameEn: z12.string().nullable(),
  countryId: z12.string().nullable(),
  region: z12.string().nullable(),
  departId: z12.string().nullable()
});
var positionResource = defineResource({
  name: "position",
  base: "/md/position",
  menu: "md_position",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true },
    sortNo: { type: "number", sort: true },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var PositionInputSchema = z12.object({
  code: code3,
  name: text(100).min(1),
  nameEn: optionalText(100),
  sortNo: z12.coerce.number().int().min(0).max(99999).default(0),
  status: status.default("1")
});
var PositionSchema = PositionInputSchema.extend({ ...recordBase, nameEn: z12.string().nullable() });
var supplierResource = defineResource({
  name: "supplier",
  base: "/md/supplier",
  menu: "md_supplier",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true, list: false },
    supplierType: { type: "dict", dict: "supplier_type", search: "in", sort: true },
    countryId: { type: "string", ref: { resource: "country", label: "name" }, search: "eq" },
    contactPerson: { type: "string", search: "like" },
    phone: { type: "string", search: "like" },
    email: { type: "string", list: false },
    address: { type: "string", list: false },
    taxNumber: { type: "string", search: "like" },
    bankName: { type: "string", list: false },
    bankAccount: { type: "string", list: false },
    remark: { type: "string", list: false },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var SupplierInputSchema = z12.object({
  code: code3,
  name: text(128).min(1),
  nameEn: optionalText(128),
  supplierType: z12.enum(["raw", "finished", "packaging", "oem"]),
  countryId: z12.string().uuid().nullish(),
  contactPerson: optionalText(64),
  phone: optionalText(32),
  email: z12.string().trim().email().max(128).nullish().or(z12.literal("")),
  address: optionalText(255),
  taxNumber: optionalText(64),
  bankName: optionalText(128),
  bankAccount: optionalText(64),
  remark: optionalText(1e3),
  status: status.default("1")
});
var SupplierSchema = SupplierInputSchema.extend({
  ...recordBase,
  nameEn: z12.string().nullable(),
  countryId: z12.string().nullable(),
  contactPerson: z12.string().nullable(),
  phone: z12.string().nullable(),
  email: z12.string().nullable(),
  address: z12.string().nullable(),
  taxNumber: z12.string().nullable(),
  bankName: z12.string().nullable(),
  bankAccount: z12.string().nullable(),
  remark: z12.string().nullable()
});
var depotResource = defineResource({
  name: "depot",
  base: "/md/depot",
  menu: "md_depot",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true, list: false },
    depotType: { type: "dict", dict: "depot_type", search: "eq", sort: true },
    location: { type: "string", search: "like" },
    managerName: { type: "string", search: "like" },
    managerPhone: { type: "string" },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var DepotInputSchema = z12.object({
  code: code3,
  name: text(128).min(1),
  nameEn: optionalText(128),
  depotType: z12.enum(["finished", "raw"]),
  location: optionalText(255),
  managerName: optionalText(64),
  managerPhone: optionalText(32),
  status: status.default("1")
});
var DepotSchema = DepotInputSchema.extend({
  ...recordBase,
  nameEn: z12.string().nullable(),
  location: z12.string().nullable(),
  managerName: z12.string().nullable(),
  managerPhone: z12.string().nullable()
});
var boxSpecResource = defineResource({
  name: "boxSpec",
  base: "/md/boxSpec",
  menu: "md_box_spec",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", list: false },
    lengthCm: { type: "number", sort: true, search: "range" },
    widthCm: { type: "number", sort: true },
    heightCm: { type: "number", sort: true },
    grossWeightKg: { type: "number", sort: true, search: "range" },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var size = z12.coerce.number().positive().max(1e5);
var BoxSpecInputSchema = z12.object({
  code: code3,
  name: text(128).min(1),
  nameEn: optionalText(128),
  lengthCm: size,
  widthCm: size,
  heightCm: size,
  grossWeightKg: z12.coerce.number().positive().max(1e5),
  status: status.default("1")
});
var BoxSpecSchema = BoxSpecInputSchema.extend({ ...recordBase, nameEn: z12.string().nullable() });
var departmentResource = defineResource({
  name: "department",
  base: "/md/department",
  menu: "md_department",
  label: "departName",
  unique: ["orgCode"],
  status: { field: "status", dict: "status" },
  tree: true,
  fields: {
    orgCode: { type: "string", search: "like", sort: true, readOnly: true },
    parentId: { type: "string", ref: { resource: "department", label: "departName" }, search: "eq" },
    departName: { type: "string", search: "like", sort: true },
    departNameEn: { type: "string", search: "like", sort: true },
    sortNo: { type: "number", sort: true },
    description: { type: "string", list: false },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var DepartmentInputSchema = z12.object({
  parentId: z12.string().uuid().nullish(),
  departName: text(100).min(1),
  departNameEn: optionalText(100),
  sortNo: z12.coerce.number().int().min(0).max(99999).default(0),
  description: optionalText(500),
  status: status.default("1")
});
var DepartmentSchema = DepartmentInputSchema.extend({
  ...recordBase,
  orgCode: z12.string(),
  parentId: z12.string().nullable(),
  departNameEn: z12.string().nullable(),
  description: z12.string().nullable()
});

// ../packages/contracts/src/menus/buttons.ts
var Btn = {
  add: { code: "add", textId: 101601, zh: "\u65B0\u589E", en: "Add" },
  edit: { code: "edit", textId: 101602, zh: "\u7F16\u8F91", en: "Edit" },
  delete: { code: "delete", textId: 101603, zh: "\u5220\u9664", en: "Delete" },
  batchDelete: { code: "batchDelete", textId: 101604, zh: "\u6279\u91CF\u5220\u9664", en: "Batch delete" },
  export: { code: "export", textId: 101605, zh: "\u5BFC\u51FA", en: "Export" },
  import: { code: "import", textId: 101606, zh: "\u5BFC\u5165", en: "Import" },
  view: { code: "view", textId: 101607, zh: "\u67E5\u770B", en: "View" },
  audit: { code: "audit", textId: 101608, zh: "\u5BA1\u6838", en: "Review" },
  status: { code: "status", textId: 101609, zh: "\u542F\u7528/\u505C\u7528", en: "Enable/disable" },
  resetPassword: { code: "resetPassword", textId: 101610, zh: "\u91CD\u7F6E\u5BC6\u7801", en: "Reset password" },
  permission: { code: "permission", textId: 101611, zh: "\u6388\u6743", en: "Permissions" },
  publish: { code: "publish", textId: 101612, zh: "\u53D1\u5E03", en: "Publish" },
  withdraw: { code: "withdraw", textId: 101613, zh: "\u64A4\u56DE", en: "Withdraw" },
  reply: { code: "reply", textId: 101614, zh: "\u56DE\u590D", en: "Reply" },
  price: { code: "price", textId: 101615, zh: "\u4EF7\u683C", en: "Prices" },
  stockIn: { code: "stockIn", textId: 101616, zh: "\u5165\u5E93", en: "Stock in" },
  stockOut: { code: "stockOut", textId: 101617, zh: "\u51FA\u5E93", en: "Stock out" },
  compare: { code: "compare", textId: 101618, zh: "\u5BF9\u6BD4", en: "Compare" },
  history: { code: "history", textId: 101619, zh: "\u4FEE\u6539\u8BB0\u5F55", en: "Modify history" },
  applyModify: { code: "applyModify", textId: 101620, zh: "\u7533\u8BF7\u8C03\u6574", en: "Apply for adjustment" },
  sync: { code: "sync", textId: 101621, zh: "\u540C\u6B65", en: "Sync" },
  deliver: { code: "deliver", textId: 101622, zh: "\u53D1\u8D27", en: "Deliver" },
  batchApprove: { code: "batchApprove", textId: 101623, zh: "\u6279\u91CF\u5BA1\u6838", en: "Batch approve" },
  save: { code: "save", textId: 101624, zh: "\u4FDD\u5B58", en: "Save" },
  uploadStock: { code: "uploadStock", textId: 101625, zh: "\u4E0A\u4F20\u5E93\u5B58", en: "Upload stock" }
};
var CRUD_BUTTONS = [
  Btn.add,
  Btn.edit,
  Btn.delete,
  Btn.batchDelete,
  Btn.export,
  Btn.import,
  Btn.history
];

// ../packages/contracts/src/menus/types.ts
var ROUTE_VIEW = "layouts/RouteView";

// ../packages/contracts/src/menus/audit.ts
var auditMenu = {
  code: "audit",
  textId: 100140,
  zh: "\u5BA1\u6838\u4E2D\u5FC3",
  en: "Review centre",
  url: "/audit",
  component: ROUTE_VIEW,
  icon: "AuditOutlined",
  children: [
    {
      code: "audit_detail",
      textId: 100141,
      zh: "\u5F85\u6211\u5BA1\u6838",
      en: "My reviews",
      url: "/audit/detailList",
      component: "audit/AuditDetailList",
      buttons: [Btn.audit, Btn.batchApprove, Btn.view]
    },
    {
      code: "audit_modify_history",
      textId: 100142,
      zh: "\u4FEE\u6539\u8BB0\u5F55",
      en: "Modify history",
      url: "/audit/modifyHistoryList",
      component: "audit/ModifyHistoryList",
      buttons: [Btn.view, Btn.compare, Btn.export]
    }
  ]
};

// ../packages/contracts/src/menus/home.ts
var HOME_PATH = "/dashboard/analysis";
var homeMenu = {
  code: "dashboard",
  textId: 100101,
  zh: "\u9996\u9875",
  en: "Home",
  url: HOME_PATH,
  component: "dashboard/Analysis",
  icon: "HomeOutlined"
};

// ../packages/contracts/src/menus/masterdata.ts
var md = (code5, textId, zh, en2, url, component) => ({
  code: code5,
  textId,
  zh,
  en: en2,
  url,
  component,
  buttons: [...CRUD_BUTTONS, Btn.status]
});
var masterDataMenu = {
  code: "md",
  textId: 100120,
  zh: "\u57FA\u7840\u6570\u636E",
  en: "Master data",
  url: "/md",
  component: ROUTE_VIEW,
  icon: "DatabaseOutlined",
  children: [
    md("md_supplier", 100121, "\u4F9B\u5E94\u5546", "Suppliers", "/md/supplierList", "masterdata/SupplierList"),
    md("md_country", 100122, "\u56FD\u5BB6", "Countries", "/md/countryList", "masterdata/CountryList"),
    md("md_branch", 100123, "\u5206\u516C\u53F8", "Branches", "/md/branchList", "masterdata/BranchList"),
    md("md_depot", 100124, "\u4ED3\u5E93", "Warehouses", "/md/depotList", "masterdata/DepotList"),
    md("md_box_spec", 100125, "\u7BB1\u89C4", "Box specifications", "/md/boxSpecList", "masterdata/BoxSpecList"),
    md("md_department", 100126, "\u90E8\u95E8", "Departments", "/md/departmentList", "masterdata/DepartmentList"),
    md("md_position", 100127, "\u804C\u4F4D", "Positions", "/md/positionList", "masterdata/PositionList")
  ]
};

// ../packages/contracts/src/menus/product.ts
var productMenu = {
  code: "pro",
  textId: 100110,
  zh: "\u4EA7\u54C1\u7BA1\u7406",
  en: "Products",
  url: "/pro",
  component: ROUTE_VIEW,
  icon: "AppstoreOutlined",
  children: [
    {
      code: "pro_product",
      textId: 100111,
      zh: "\u4EA7\u54C1\u5217\u8868",
      en: "Product list",
      url: "/product/list",
      component: "product/ProductList",
      buttons: [...CRUD_BUTTONS, Btn.view, Btn.audit, Btn.price, Btn.status]
    },
    {
      code: "pro_category",
      textId: 100112,
      zh: "\u4EA7\u54C1\u5206\u7C7B",
      en: "Categories",
      url: "/pro/categoryList",
      component: "product/CategoryList",
      buttons: [...CRUD_BUTTONS, Btn.status]
    },
    {
      code: "pro_unit",
      textId: 100113,
      zh: "\u4EA7\u54C1\u5355\u4F4D",
      en: "Product units",
      url: "/pro/productUnitList",
      component: "product/ProductUnitList",
      buttons: CRUD_BUTTONS
    },
    {
      code: "pro_price",
      textId: 100114,
      zh: "\u4EA7\u54C1\u4EF7\u683C",
      en: "Prices",
      url: "/pro/priceList",
      component: "product/PriceList",
      buttons: [Btn.edit, Btn.export, Btn.history]
    },
    {
      code: "pro_branch_sale",
      textId: 100115,
      zh: "\u5206\u516C\u53F8\u9500\u552E\u4EA7\u54C1",
      en: "Branch products",
      url: "/pro/branchSaleRelList",
      component: "product/BranchSaleRelList",
      buttons: [Btn.add, Btn.edit, Btn.delete, Btn.batchDelete, Btn.export]
    },
    {
      code: "pro_stock",
      textId: 100116,
      zh: "\u5E93\u5B58\u7BA1\u7406",
      en: "Stock",
      url: "/pro/stockList",
      component: "product/StockList",
      buttons: [Btn.stockIn, Btn.stockOut, Btn.uploadStock, Btn.export]
    }
  ]
};

// ../packages/contracts/src/menus/sales.ts
var salesMenu = {
  code: "sale",
  textId: 100130,
  zh: "\u9500\u552E\u7BA1\u7406",
  en: "Sales",
  url: "/sale",
  component: ROUTE_VIEW,
  icon: "ShoppingCartOutlined",
  children: [
    {
      code: "sale_order",
      textId: 100131,
      zh: "\u9500\u552E\u8BA2\u5355",
      en: "Sales orders",
      url: "/sale/orderList",
      component: "sales/OrderList",
      buttons: [
        Btn.add,
        Btn.edit,
        Btn.delete,
        Btn.view,
        Btn.audit,
        Btn.export,
        Btn.compare,
        Btn.history,
        Btn.applyModify,
        Btn.sync
      ]
    },
    {
      code: "sale_delivery",
      textId: 100132,
      zh: "\u53D1\u8D27\u7BA1\u7406",
      en: "Deliveries",
      url: "/sale/deliveryList",
      component: "sales/DeliveryList",
      buttons: [Btn.deliver, Btn.edit, Btn.view, Btn.export]
    },
    {
      code: "sale_apply_modify",
      textId: 100133,
      zh: "\u8BA2\u5355\u8C03\u6574\u7533\u8BF7",
      en: "Order adjustments",
      url: "/sale/orderApplyModifyList",
      component: "sales/OrderApplyModifyList",
      buttons: [Btn.add, Btn.view, Btn.audit, Btn.export]
    },
    {
      code: "sale_sub_apply",
      textId: 100134,
      zh: "\u5B50\u6D41\u7A0B\u7533\u8BF7",
      en: "Sub-flow requests",
      url: "/sale/subApplyList",
      component: "sales/SubApplyList",
      buttons: [Btn.view, Btn.audit]
    },
    {
      code: "sale_order_delete",
      textId: 100135,
      zh: "\u8BA2\u5355\u5220\u9664\u5BA1\u6838",
      en: "Order deletion review",
      url: "/sale/orderDeleteAuditList",
      component: "sales/OrderDeleteAuditList",
      buttons: [Btn.view, Btn.audit]
    },
    {
      code: "sale_audit_config",
      textId: 100136,
      zh: "\u5BA1\u6838\u6D41\u7A0B\u660E\u7EC6",
      en: "Review flow details",
      url: "/sale/auditConfigDetail",
      component: "sales/AuditConfigDetail"
    }
  ]
};

// ../packages/contracts/src/menus/system.ts
var systemMenu = {
  code: "sys",
  textId: 100150,
  zh: "\u7CFB\u7EDF\u7BA1\u7406",
  en: "System",
  url: "/sys",
  component: ROUTE_VIEW,
  icon: "SettingOutlined",
  children: [
    {
      code: "sys_user",
      textId: 100151,
      zh: "\u7528\u6237\u7BA1\u7406",
      en: "Users",
      url: "/sys/user",
      component: "system/UserList",
      buttons: [...CRUD_BUTTONS, Btn.status, Btn.resetPassword]
    },
    {
      code: "sys_role",
      textId: 100152,
      zh: "\u89D2\u8272\u7BA1\u7406",
      en: "Roles",
      url: "/sys/role",
      component: "system/RoleList",
      buttons: [Btn.add, Btn.edit, Btn.delete, Btn.batchDelete, Btn.export, Btn.permission, Btn.history]
    },
    {
      code: "sys_role_permission",
      textId: 100153,
      zh: "\u89D2\u8272\u6743\u9650",
      en: "Role permissions",
      url: "/sys/rolePermission",
      component: "system/RolePermission",
      buttons: [Btn.save]
    },
    {
      code: "sys_audit_config",
      textId: 100154,
      zh: "\u5BA1\u6838\u914D\u7F6E",
      en: "Review configuration",
      url: "/sys/auditConfig",
      component: "system/AuditConfigList",
      buttons: [Btn.add, Btn.edit, Btn.delete, Btn.view]
    },
    {
      code: "sys_log",
      textId: 100155,
      zh: "\u64CD\u4F5C\u65E5\u5FD7",
      en: "Operation log",
      url: "/sys/LogList",
      component: "system/LogList",
      buttons: [Btn.export, Btn.view]
    },
    {
      code: "sys_notice",
      textId: 100156,
      zh: "\u516C\u544A\u7BA1\u7406",
      en: "Announcements",
      url: "/sys/NoticeList",
      component: "system/NoticeList",
      buttons: [Btn.add, Btn.edit, Btn.delete, Btn.publish, Btn.withdraw, Btn.export]
    },
    {
      code: "sys_feedback",
      textId: 100157,
      zh: "\u610F\u89C1\u53CD\u9988",
      en: "Feedback",
      url: "/sys/feedback",
      component: "system/FeedbackList",
      buttons: [Btn.reply, Btn.delete, Btn.batchDelete, Btn.export]
    },
    {
      code: "sys_language",
      textId: 100158,
      zh: "\u8BED\u8A00\u914D\u7F6E",
      en: "Language configuration",
      url: "/sys/languageConfig",
      component: "system/LanguageConfig",
      buttons: [Btn.add, Btn.edit, Btn.export, Btn.import, Btn.history]
    },
    {
      code: "sys_dict",
      textId: 100159,
      zh: "\u6570\u636E\u5B57\u5178",
      en: "Dictionaries",
      url: "/sys/dict",
      component: "system/DictList",
      buttons: [Btn.add, Btn.edit, Btn.delete, Btn.batchDelete, Btn.status]
    }
  ]
};

// ../packages/contracts/src/menus/index.ts
var MENU_TREE = [homeMenu, productMenu, masterDataMenu, salesMenu, auditMenu, systemMenu];
var buttonKey = (menuCode, buttonCode) => `${menuCode}:${buttonCode}`;
var flattenMenus = (tree = MENU_TREE) => {
  const out = [];
  const walk = (items, parentCode) => {
    items.forEach((menu, i) => {
      out.push({ menu, parentCode, sortNo: i + 1 });
      if (menu.children) walk(menu.children, menu.code);
    });
  };
  walk(tree, null);
  return out;
};
var allButtonKeys = (tree = MENU_TREE) => new Set(
  flattenMenus(tree).flatMap(({ menu }) => (menu.buttons ?? []).map((b) => buttonKey(menu.code, b.code)))
);

// ../packages/contracts/src/messaging.ts
import { z as z13 } from "zod";
var ReadFlag = { Unread: 0, Read: 1 };
var LIVE = {
  /** The client sends a heartbeat this often; the server answers each one. */
  heartbeatMs: 2e4,
  /** The client reconnects this long after a close. */
  reconnectMs: 5e3,
  /** A new message shows for this long. */
  notificationMs: 6e3
};
var MessageParamsSchema = z13.object({ busObjNo: z13.string().optional() }).catchall(z13.unknown());
var MessageSchema = z13.object({
  id: z13.string(),
  title: z13.string(),
  content: z13.string(),
  createTime: z13.string(),
  /** Who caused it: the handler shown in the notification. */
  creator: z13.string().nullable(),
  readFlag: z13.number().int(),
  /** Menu code to open (e.g. `sale_order`), with `params.busObjNo` the business order number. */
  menuId: z13.string().nullable(),
  params: MessageParamsSchema.nullable(),
  /** Set when the message announces a notice: the web opens the notice detail. */
  noticeId: z13.string().nullable()
});
var MessageListQuerySchema = z13.object({
  readFlag: z13.coerce.number().int().min(0).max(1).optional(),
  pageNo: z13.coerce.number().int().min(1).default(1),
  pageSize: z13.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE)
});
var IdBodySchema = z13.object({ id: z13.string().uuid() });
var IdQuerySchema = z13.object({ id: z13.string().uuid() });
var NOTICE_HTML_TAGS = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "sub",
  "sup",
  "blockquote",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "a"
];
var NOTICE_HTML_ATTRIBUTES = { a: ["href", "target", "rel"], ol: ["start"] };
var NOTICE_TYPES = ["announcement", "notification", "system"];
var NoticeTypeSchema = z13.enum(NOTICE_TYPES);
var NOTICE_OPEN_TYPES = ["detail", "url"];
var NoticeOpenTypeSchema = z13.enum(NOTICE_OPEN_TYPES);
var NOTICE_TARGETS = ["all", "departments", "roles"];
var NoticeTargetSchema = z13.enum(NOTICE_TARGETS);
var NOTICE_STATUSES = ["draft", "published", "withdrawn"];
var NoticeStatusSchema = z13.enum(NOTICE_STATUSES);
var NoticeUrlSchema = z13.string().trim().max(500).regex(/^(\/(?!\/)|https?:\/\/)\S*$/, "must be an app path (/...) or an http(s) address");
var NoticeInputSchema = z13.object({
  title: z13.string().trim().min(1).max(200),
  content: z13.string().max(2e5),
  noticeType: NoticeTypeSchema,
  openType: NoticeOpenTypeSchema,
  openUrl: NoticeUrlSchema.nullish(),
  targetType: NoticeTargetSchema,
  /** Department ids or role ids, by `targetType`; empty for everyone. */
  targetIds: z13.array(z13.string().uuid()).max(500).default([])
}).superRefine((v, ctx) => {
  if (v.openType === "url" && !v.openUrl) {
    ctx.addIssue({ code: "custom", path: ["openUrl"], message: "required when the open type is url" });
  }
  if (v.targetType !== "all" && v.targetIds.length === 0) {
    ctx.addIssue({ code: "custom", path: ["targetIds"], message: "choose at least one recipient group" });
  }
});
var NoticeEditSchema = z13.intersection(
  NoticeInputSchema,
  z13.object({ id: z13.string().uuid(), version: z13.number().int() })
);
var NoticeDraftSchema = z13.intersection(
  NoticeInputSchema,
  z13.object({ id: z13.string().uuid().optional(), version: z13.number().int().optional() })
);
var NoticeSchema = z13.object({
  id: z13.string(),
  title: z13.string(),
  content: z13.string(),
  noticeType: NoticeTypeSchema,
  openType: NoticeOpenTypeSchema,
  openUrl: z13.string().nullable(),
  targetType: NoticeTargetSchema,
  targetIds: z13.array(z13.string()),
  status: NoticeStatusSchema,
  sender: z13.string().nullable(),
  publishTime: z13.string().nullable(),
  withdrawTime: z13.string().nullable(),
  createTime: z13.string(),
  version: z13.number().int()
});
var NoticeDetailSchema = z13.object({
  id: z13.string(),
  title: z13.string(),
  content: z13.string(),
  noticeType: NoticeTypeSchema,
  openType: NoticeOpenTypeSchema,
  openUrl: z13.string().nullable(),
  sender: z13.string().nullable(),
  publishTime: z13.string().nullable(),
  createTime: z13.string(),
  readFlag: z13.number().int()
});
var NoticeBriefSchema = NoticeDetailSchema.omit({ content: true });
var NoticeUnreadInfoSchema = z13.object({ total: z13.number().int(), records: z13.array(NoticeBriefSchema) });
var NoticeTargetOptionsSchema = z13.object({
  departments: z13.array(
    z13.object({ id: z13.string(), orgCode: z13.string(), name: z13.string(), nameEn: z13.string().nullable() })
  ),
  roles: z13.array(z13.object({ id: z13.string(), code: z13.string(), name: z13.string(), nameEn: z13.string().nullable() }))
});
var PushedMessageSchema = MessageSchema.pick({
  id: true,
  title: true,
  content: true,
  creator: true,
  menuId: true,
  params: true,
  noticeId: true,
  createTime: true
});
var LiveFrameSchema = z13.discriminatedUnion("type", [
  z13.object({ type: z13.literal("pong"), at: z13.number() }),
  z13.object({ type: z13.literal("message"), msgTxt: PushedMessageSchema })
]);
var PING_FRAME = JSON.stringify({ type: "ping" });
var noticeResource = defineResource({
  name: "notice",
  base: "/sys/notice",
  menu: "sys_notice",
  label: "title",
  fields: {
    title: { type: "string", search: "like", sort: true },
    noticeType: { type: "dict", dict: "notice_type", search: "eq", sort: true },
    status: { type: "dict", dict: "notice_status", search: "eq", sort: true },
    targetType: { type: "dict", dict: "notice_target", search: "eq" },
    senderName: { type: "string", search: "like", readOnly: true },
    publishTime: { type: "datetime", search: "range", sort: true, readOnly: true },
    ...AUDIT_FIELDS
  }
});
var NoticeRowSchema = z13.object({
  id: z13.string(),
  version: z13.number().int(),
  title: z13.string(),
  noticeType: z13.string(),
  status: z13.string(),
  targetType: z13.string(),
  senderName: z13.string().nullable(),
  publishTime: z13.date().nullable(),
  createAt: z13.date(),
  updateAt: z13.date().nullable()
});

// ../packages/contracts/src/product.ts
import { z as z14 } from "zod";
var code4 = codeOf(32);
var amount = (max2) => z14.coerce.number().min(0).max(max2);
var money = z14.coerce.number().min(0).max(1e9);
var currency = z14.string().trim().regex(/^[A-Z]{3}$/, "ISO 4217 code, e.g. CNY");
var categoryResource = defineResource({
  name: "category",
  base: "/pro/category",
  menu: "pro_category",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  tree: true,
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true },
    parentId: { type: "string", ref: { resource: "category", label: "name" }, search: "eq" },
    sortNo: { type: "number", sort: true },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var CategoryInputSchema = z14.object({
  code: code4,
  name: text(100).min(1),
  nameEn: optionalText(100),
  parentId: z14.string().uuid().nullish(),
  sortNo: z14.coerce.number().int().min(0).max(99999).default(0),
  status: status.default("1")
});
var CategorySchema = CategoryInputSchema.extend({
  ...recordBase,
  nameEn: z14.string().nullable(),
  parentId: z14.string().nullable()
});
var productUnitResource = defineResource({
  name: "productUnit",
  base: "/pro/productUnit",
  menu: "pro_unit",
  label: "unit",
  fields: {
    productId: { type: "string", ref: { resource: "product", label: "name" }, search: "eq" },
    useCase: { type: "dict", dict: "unit_use", search: "eq", sort: true },
    unit: { type: "dict", dict: "product_unit", search: "eq", sort: true },
    conversionRate: { type: "number", sort: true },
    boxSpecId: { type: "string", ref: { resource: "boxSpec", label: "name" }, search: "eq" },
    perBox: { type: "number", sort: true },
    remark: { type: "string", list: false },
    ...AUDIT_FIELDS
  }
});
var UnitLineSchema = z14.object({
  useCase: z14.enum(UnitUseValues),
  unit: z14.enum(UnitValues),
  /** How many base units one of this unit holds (1 for the base unit itself). */
  conversionRate: z14.coerce.number().positive().max(1e7),
  boxSpecId: z14.string().uuid().nullish(),
  /** How many of this unit fill one box of the box spec. */
  perBox: z14.coerce.number().int().positive().max(1e6).nullish(),
  remark: optionalText(255)
});
var ProductUnitInputSchema = UnitLineSchema.extend({ productId: z14.string().uuid() });
var ProductUnitSchema = ProductUnitInputSchema.extend({
  ...recordBase,
  boxSpecId: z14.string().nullable(),
  perBox: z14.number().nullable(),
  remark: z14.string().nullable()
});
var ProductUnitLineSchema = z14.object({
  id: z14.string(),
  useCase: z14.string(),
  unit: z14.string(),
  conversionRate: z14.number(),
  boxSpecId: z14.string().nullable(),
  perBox: z14.number().nullable(),
  remark: z14.string().nullable()
});
var ProductUnitQuerySchema = z14.object({ productId: z14.string().uuid() });
var productResource = defineResource({
  name: "product",
  base: "/pro/product",
  menu: "pro_product",
  label: "name",
  unique: ["code"],
  status: { field: "status", dict: "status" },
  fields: {
    code: { type: "string", search: "like", sort: true },
    name: { type: "string", search: "like", sort: true },
    nameEn: { type: "string", search: "like", sort: true, list: false },
    specType: { type: "dict", dict: "product_spec_type", search: "eq", sort: true, list: false },
    categoryId: { type: "string", ref: { resource: "category", label: "name" }, search: "in" },
    source: { type: "dict", dict: "product_source", search: "eq", sort: true },
    productType: { type: "dict", dict: "product_type", search: "eq", sort: true },
    dosageForm: { type: "dict", dict: "dosage_form", search: "eq", sort: true, list: false },
    labelType: { type: "dict", dict: "label_type", search: "eq", sort: true, list: false },
    supplierId: { type: "string", ref: { resource: "supplier", label: "name" }, search: "eq", list: false },
    spec: { type: "string", search: "like", sort: true },
    specEn: { type: "string", list: false },
    colour: { type: "string", list: false },
    grossWeightKg: { type: "number", sort: true, search: "range", list: false },
    netWeightKg: { type: "number", sort: true, search: "range", list: false },
    volumeM3: { type: "number", sort: true, list: false },
    unit: { type: "dict", dict: "product_unit", search: "eq", sort: true },
    barcode: { type: "string", search: "like", sort: true, list: false },
    shelfLifeDays: { type: "number", sort: true, search: "range", list: false },
    expiryWarningDays: { type: "number", sort: true, list: false },
    originCountryId: { type: "string", ref: { resource: "country", label: "name" }, search: "eq", list: false },
    model: { type: "string", search: "like", list: false },
    description: { type: "string", list: false, superQuery: false },
    u8Code: { type: "string", search: "like", sort: true, list: false },
    auditStatus: { type: "dict", dict: "approval_status", search: "eq", sort: true, readOnly: true },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    ...AUDIT_FIELDS
  }
});
var PRODUCT_DEFINING_FIELDS = [
  "code",
  "name",
  "specType",
  "categoryId",
  "source",
  "productType",
  "dosageForm",
  "labelType",
  "supplierId",
  "spec",
  "unit",
  "barcode",
  "shelfLifeDays"
];
var MAX_PRODUCT_IMAGES = 9;
var ProductInputSchema = z14.object({
  code: code4,
  name: text(128).min(1),
  nameEn: optionalText(128),
  specType: z14.enum(SpecTypeValues),
  categoryId: z14.string().uuid(),
  source: z14.enum(SourceValues),
  productType: z14.enum(ProductTypeValues),
  dosageForm: z14.enum(DosageFormValues).nullish(),
  labelType: z14.enum(LabelTypeValues).nullish(),
  supplierId: z14.string().uuid().nullish(),
  spec: optionalText(128),
  specEn: optionalText(128),
  colour: optionalText(32),
  grossWeightKg: amount(1e5).nullish(),
  netWeightKg: amount(1e5).nullish(),
  volumeM3: amount(1e3).nullish(),
  unit: z14.enum(UnitValues),
  barcode: z14.string().trim().regex(/^[0-9A-Za-z-]{4,32}$/, "digits, letters and - (4 to 32)").nullish().or(z14.literal("")),
  shelfLifeDays: z14.coerce.number().int().min(0).max(36500).nullish(),
  expiryWarningDays: z14.coerce.number().int().min(0).max(36500).nullish(),
  originCountryId: z14.string().uuid().nullish(),
  model: optionalText(64),
  description: optionalText(2e3),
  u8Code: optionalText(32),
  status: status.default("1"),
  /** Ids of uploaded images (POST /file/upload), in the order shown; the first is the cover. */
  images: z14.array(z14.string().uuid()).max(MAX_PRODUCT_IMAGES).default([]),
  /** The product's units; on edit, when sent, they replace the units it had. */
  units: z14.array(UnitLineSchema).max(30).optional()
}).refine((p) => p.netWeightKg == null || p.grossWeightKg == null || p.netWeightKg <= p.grossWeightKg, {
  message: "net weight must not exceed gross weight",
  path: ["netWeightKg"]
});
var ProductSchema = z14.object({
  ...recordBase,
  code: z14.string(),
  name: z14.string(),
  nameEn: z14.string().nullable(),
  specType: z14.string(),
  categoryId: z14.string(),
  source: z14.string(),
  productType: z14.string(),
  dosageForm: z14.string().nullable(),
  labelType: z14.string().nullable(),
  supplierId: z14.string().nullable(),
  spec: z14.string().nullable(),
  specEn: z14.string().nullable(),
  colour: z14.string().nullable(),
  grossWeightKg: z14.number().nullable(),
  netWeightKg: z14.number().nullable(),
  volumeM3: z14.number().nullable(),
  unit: z14.string(),
  barcode: z14.string().nullable(),
  shelfLifeDays: z14.number().nullable(),
  expiryWarningDays: z14.number().nullable(),
  originCountryId: z14.string().nullable(),
  model: z14.string().nullable(),
  description: z14.string().nullable(),
  u8Code: z14.string().nullable(),
  images: z14.array(z14.string()),
  auditStatus: z14.string(),
  status: z14.string(),
  /** The product's units, with every record (lists, reads, the modify history). */
  units: z14.array(ProductUnitLineSchema).optional()
});
var isSellable = (p) => p.auditStatus === ApprovalStatus.Approved && p.status === "1";
var ProductCodeQuerySchema = z14.object({ code: z14.string().trim().min(1).max(32) });
var ProductIdQuerySchema = z14.object({ productId: z14.string().uuid() });
var ProductAuditQuerySchema = z14.object({ id: z14.string().uuid() });
var ProductAuditSchema = z14.object({
  id: z14.string().uuid(),
  decision: z14.enum(["approve", "reject"]),
  note: z14.string().max(500).nullish(),
  stepNo: z14.number().int().min(1).optional(),
  version: z14.number().int().optional()
});
var priceResource = defineResource({
  name: "price",
  base: "/pro/price",
  menu: "pro_price",
  label: "priceType",
  fields: {
    productId: { type: "string", ref: { resource: "product", label: "name" }, search: "eq" },
    priceType: { type: "dict", dict: "price_type", search: "eq", sort: true },
    price: { type: "number", sort: true, search: "range" },
    currency: { type: "string", search: "eq", sort: true },
    validFrom: { type: "date", sort: true, search: "range" },
    validTo: { type: "date", sort: true, search: "range" },
    remark: { type: "string", list: false },
    ...AUDIT_FIELDS
  }
});
var PriceLineSchema = z14.object({
  priceType: z14.enum(PriceTypeValues),
  price: money,
  currency,
  validFrom: day,
  validTo: day.nullish(),
  remark: optionalText(255)
}).refine((p) => !p.validTo || p.validTo >= p.validFrom, {
  message: "valid to must not be before valid from",
  path: ["validTo"]
});
var PriceInputSchema = z14.object({
  productId: z14.string().uuid(),
  priceType: z14.enum(PriceTypeValues),
  price: money,
  currency,
  validFrom: day,
  validTo: day.nullish(),
  remark: optionalText(255)
});
var PriceSchema = PriceInputSchema.extend({
  ...recordBase,
  validTo: z14.string().nullable(),
  remark: z14.string().nullable()
});
var ProductPriceSaveSchema = z14.object({ productId: z14.string().uuid(), prices: z14.array(PriceLineSchema).min(1).max(4) }).refine((b) => new Set(b.prices.map((p) => p.priceType)).size === b.prices.length, {
  message: "one price per type",
  path: ["prices"]
});
var PriceChangeSchema = z14.object({
  id: z14.string(),
  priceType: z14.string(),
  operation: z14.string(),
  username: z14.string().nullable(),
  createAt: z14.date(),
  before: z14.object({ price: z14.number(), currency: z14.string(), validFrom: z14.string(), validTo: z14.string().nullable() }).nullable(),
  after: z14.object({ price: z14.number(), currency: z14.string(), validFrom: z14.string(), validTo: z14.string().nullable() }).nullable()
});
var branchSaleRelResource = defineResource({
  name: "branchSaleRel",
  base: "/pro/branchSaleRel",
  menu: "pro_branch_sale",
  label: "productId",
  fields: {
    branchId: { type: "string", ref: { resource: "branch", label: "name" }, search: "eq" },
    productId: { type: "string", ref: { resource: "product", label: "name" }, search: "eq" },
    salePrice: { type: "number", sort: true, search: "range" },
    currency: { type: "string", search: "eq", sort: true },
    status: { type: "dict", dict: "status", search: "eq", sort: true },
    remark: { type: "string", list: false },
    ...AUDIT_FIELDS
  }
});
var BranchSaleRelInputSchema = z14.object({
  branchId: z14.string().uuid(),
  productId: z14.string().uuid(),
  salePrice: money.nullish(),
  currency: currency.nullish(),
  status: status.default("1"),
  remark: optionalText(255)
});
var BranchSaleRelSchema = BranchSaleRelInputSchema.extend({
  ...recordBase,
  salePrice: z14.number().nullable(),
  currency: z14.string().nullable(),
  remark: z14.string().nullable()
});
var BranchSaleBatchAddSchema = z14.object({
  branchId: z14.string().uuid(),
  productIds: z14.array(z14.string().uuid()).min(1).max(500),
  /** Optional: otherwise each product's sale price (and its currency) is taken. */
  salePrice: money.nullish(),
  currency: currency.nullish()
});
var BranchSaleBatchResultSchema = z14.object({ added: z14.number().int(), skipped: z14.number().int() });

// ../packages/contracts/src/stock.ts
import { z as z15 } from "zod";
var batchNo = z15.string().trim().max(64).regex(/^[A-Za-z0-9_./-]*$/, "letters, digits and _ . / - only");
var quantity = z15.coerce.number().positive().max(1e9);
var stockResource = defineResource({
  name: "stock",
  base: "/pro/stock",
  menu: "pro_stock",
  label: "batchNo",
  fields: {
    depotId: { type: "string", ref: { resource: "depot", label: "name" }, search: "eq" },
    productId: { type: "string", ref: { resource: "product", label: "name" }, search: "eq" },
    batchNo: { type: "string", search: "like", sort: true },
    quantity: { type: "number", sort: true, search: "range" },
    productionDate: { type: "date", sort: true, search: "range" },
    expiryDate: { type: "date", sort: true, search: "range" },
    ...AUDIT_FIELDS
  }
});
var StockSchema = z15.object({
  ...recordBase,
  depotId: z15.string(),
  productId: z15.string(),
  batchNo: z15.string(),
  quantity: z15.number(),
  productionDate: z15.string().nullable(),
  expiryDate: z15.string().nullable()
});
var branchStockResource = defineResource({
  name: "branchStock",
  base: "/pro/branchStock",
  menu: "pro_stock",
  label: "batchNo",
  fields: {
    branchId: { type: "string", ref: { resource: "branch", label: "name" }, search: "eq" },
    productId: { type: "string", ref: { resource: "product", label: "name" }, search: "eq" },
    batchNo: { type: "string", search: "like", sort: true },
    quantity: { type: "number", sort: true, search: "range" },
    expiryDate: { type: "date", sort: true, search: "range" },
    ...AUDIT_FIELDS
  }
});
var BranchStockSchema = z15.object({
  ...recordBase,
  branchId: z15.string(),
  productId: z15.string(),
  batchNo: z15.string(),
  quantity: z15.number(),
  expiryDate: z15.string().nullable()
});
var BranchStockUploadResultSchema = z15.object({
  branchId: z15.string(),
  rows: z15.number().int(),
  totalQuantity: z15.number()
});
var BranchStockRowErrorSchema = z15.object({ row: z15.number().int(), field: z15.string(), reason: z15.string() });
var stockDocResource = defineResource({
  name: "stockDoc",
  base: "/pro/stockDoc",
  menu: "pro_stock",
  label: "docNo",
  unique: ["docNo"],
  fields: {
    docNo: { type: "string", search: "like", sort: true },
    docType: { type: "dict", dict: "stock_doc_type", search: "eq", sort: true },
    depotId: { type: "string", ref: { resource: "depot", label: "name" }, search: "eq" },
    docDate: { type: "date", sort: true, search: "range" },
    supplierId: { type: "string", ref: { resource: "supplier", label: "name" }, search: "eq" },
    branchId: { type: "string", ref: { resource: "branch", label: "name" }, search: "eq" },
    lineCount: { type: "number", sort: true },
    totalQuantity: { type: "number", sort: true },
    remark: { type: "string", list: false },
    ...AUDIT_FIELDS
  }
});
var StockDocSchema = z15.object({
  ...recordBase,
  docNo: z15.string(),
  docType: z15.string(),
  depotId: z15.string(),
  docDate: z15.string(),
  supplierId: z15.string().nullable(),
  branchId: z15.string().nullable(),
  lineCount: z15.number().int(),
  totalQuantity: z15.number(),
  remark: z15.string().nullable()
});
var StockDocLineSchema = z15.object({
  id: z15.string(),
  lineNo: z15.number().int(),
  productId: z15.string(),
  batchNo: z15.string(),
  quantity: z15.number(),
  productionDate: z15.string().nullable(),
  expiryDate: z15.string().nullable(),
  remark: z15.string().nullable()
});
var StockDocDetailSchema = StockDocSchema.extend({ lines: z15.array(StockDocLineSchema) });
var StockInLineSchema = z15.object({
  productId: z15.string().uuid(),
  batchNo: batchNo.min(1, "batch number required"),
  quantity,
  productionDate: day.nullish(),
  /** Defaults to the production date plus the product's shelf life. */
  expiryDate: day.nullish(),
  remark: z15.string().trim().max(255).nullish()
});
var StockOutLineSchema = z15.object({
  productId: z15.string().uuid(),
  batchNo: batchNo.nullish(),
  quantity,
  remark: z15.string().trim().max(255).nullish()
});
var docHead = {
  depotId: z15.string().uuid(),
  docDate: day.optional(),
  remark: z15.string().trim().max(500).nullish()
};
var PurchaseInSchema = z15.object({
  ...docHead,
  supplierId: z15.string().uuid().nullish(),
  lines: z15.array(StockInLineSchema).min(1).max(200)
});
var ProductionInSchema = z15.object({ ...docHead, lines: z15.array(StockInLineSchema).min(1).max(200) });
var SalesOutSchema = z15.object({
  ...docHead,
  branchId: z15.string().uuid().nullish(),
  lines: z15.array(StockOutLineSchema).min(1).max(200)
});
var STOCK_DOC_PREFIX = {
  [StockDocType.PurchaseIn]: "CGRK",
  [StockDocType.ProductionIn]: "SCRK",
  [StockDocType.SalesOut]: "XSCK"
};
var stockLedgerResource = defineResource({
  name: "stockLedger",
  base: "/pro/stockLedger",
  menu: "pro_stock",
  label: "docNo",
  fields: {
    docNo: { type: "string", search: "like", sort: true },
    docType: { type: "dict", dict: "stock_doc_type", search: "eq", sort: true },
    depotId: { type: "string", ref: { resource: "depot", label: "name" }, search: "eq" },
    productId: { type: "string", ref: { resource: "product", label: "name" }, search: "eq" },
    batchNo: { type: "string", search: "like", sort: true },
    change: { type: "number", sort: true },
    quantityAfter: { type: "number", sort: true },
    ...AUDIT_FIELDS
  }
});
var StockLedgerSchema = z15.object({
  ...recordBase,
  docId: z15.string(),
  docNo: z15.string(),
  docType: z15.string(),
  depotId: z15.string(),
  productId: z15.string(),
  batchNo: z15.string(),
  change: z15.number(),
  quantityAfter: z15.number()
});

// src/modules/approval/audit-config.routes.ts
import { z as z17 } from "zod";

// src/platform/envelope.ts
import { z as z16 } from "zod";
var ok = (result, message = "success") => ({
  success: true,
  code: OK,
  message,
  result,
  timestamp: Date.now()
});
var okResponse = (result) => ({ 200: envelope(result) });
var emptyResponse = okResponse(z16.null());
var warning = (text9) => ({
  success: false,
  code: WARNING,
  message: text9,
  result: text9,
  timestamp: Date.now()
});
var okOrWarningResponse = (result) => ({
  200: envelope(z16.union([result, z16.string()]))
});

// src/platform/i18n.ts
import { en, zhCN } from "zod/locales";
var requestLang = (req) => {
  const header = req.headers.langcode;
  if (typeof header === "string" && header) return parseLang(header);
  return req.principal?.lang ?? "zh";
};
var localeErrors = { zh: zhCN().localeError, en: en().localeError };
var localizeIssues = (issues, lang) => issues.map((issue) => {
  let message = issue.message;
  if (issue.code !== "custom") {
    const localized = localeErrors[lang]({ ...issue, input: void 0 });
    if (typeof localized === "string") message = localized;
    else if (localized?.message) message = localized.message;
  }
  return { path: issue.path.map(String).join("."), code: issue.code, message };
});

// src/modules/approval/audit-config.service.ts
import { and as and5, asc as asc4, desc as desc2, eq as eq6, inArray as inArray2, ne as ne2, sql as sql7 } from "drizzle-orm";

// src/db/schema/index.ts
var schema_exports = {};
__export(schema_exports, {
  attachments: () => attachments,
  auditConfigSteps: () => auditConfigSteps,
  auditConfigs: () => auditConfigs,
  boxSpecs: () => boxSpecs,
  branchSaleRels: () => branchSaleRels,
  branchStocks: () => branchStocks,
  branches: () => branches,
  categories: () => categories,
  codeTable: () => codeTable,
  countries: () => countries,
  departments: () => departments,
  depots: () => depots,
  dictItems: () => dictItems,
  dictTypes: () => dictTypes,
  feedbacks: () => feedbacks,
  importJobs: () => importJobs,
  loginFailures: () => loginFailures,
  messages: () => messages,
  noticeRecipients: () => noticeRecipients,
  notices: () => notices,
  operationLogs: () => operationLogs,
  permissions: () => permissions,
  positions: () => positions,
  productPrices: () => productPrices,
  productUnits: () => productUnits,
  products: () => products,
  reviewDecisions: () => reviewDecisions,
  reviewSteps: () => reviewSteps,
  reviews: () => reviews,
  rolePermissions: () => rolePermissions,
  roles: () => roles,
  savedQueries: () => savedQueries,
  sequences: () => sequences,
  sessions: () => sessions,
  settings: () => settings,
  stockDocLines: () => stockDocLines,
  stockDocs: () => stockDocs,
  stockLedger: () => stockLedger,
  stocks: () => stocks,
  suppliers: () => suppliers,
  userBranches: () => userBranches,
  userDepartments: () => userDepartments,
  userRoles: () => userRoles,
  users: () => users
});

// src/db/schema/approval.ts
import { sql as sql2 } from "drizzle-orm";
import { boolean as boolean2, index as index2, integer as integer3, pgTable as pgTable2, text as text3, uniqueIndex as uniqueIndex2, uuid as uuid3, varchar as varchar3 } from "drizzle-orm/pg-core";

// src/db/schema/columns.ts
import { integer, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
var id = () => uuid().primaryKey().defaultRandom();
var ts = () => timestamp({ withTimezone: true, mode: "date" });
var auditColumns = () => ({
  createAt: ts().notNull().defaultNow(),
  createBy: uuid(),
  updateAt: ts(),
  updateBy: uuid(),
  version: integer().notNull().default(1)
});
var pinyinColumns = () => ({
  namePinyin: varchar({ length: 512 }),
  nameInitials: varchar({ length: 128 })
});

// src/db/schema/system.ts
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer as integer2,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text as text2,
  uniqueIndex,
  uuid as uuid2,
  varchar as varchar2
} from "drizzle-orm/pg-core";
var departments = pgTable(
  "sys_depart",
  {
    id: id(),
    parentId: uuid2(),
    orgCode: varchar2({ length: 64 }).notNull(),
    departName: varchar2({ length: 100 }).notNull(),
    departNameEn: varchar2({ length: 100 }),
    sortNo: integer2().notNull().default(0),
    description: text2(),
    status: varchar2({ length: 1 }).notNull().default("1"),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [uniqueIndex("sys_depart_org_code_uq").on(t.orgCode), index("sys_depart_parent_idx").on(t.parentId)]
);
var users = pgTable(
  "sys_user",
  {
    id: id(),
    username: varchar2({ length: 64 }).notNull(),
    realname: varchar2({ length: 64 }).notNull(),
    passwordHash: text2().notNull(),
    positionId: uuid2(),
    phone: varchar2({ length: 32 }),
    email: varchar2({ length: 128 }),
    gender: varchar2({ length: 1 }),
    birthday: date({ mode: "string" }),
    hireDate: date({ mode: "string" }),
    /** '1' enabled, '2' disabled (a registered account starts disabled). */
    status: varchar2({ length: 1 }).notNull().default("1"),
    delFlag: boolean().notNull().default(false),
    /** The department the user currently works in (SPEC 4 department switch). */
    orgCode: varchar2({ length: 64 }),
    lang: varchar2({ length: 2 }).notNull().default("zh"),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex("sys_user_username_uq").on(t.username).where(sql`${t.delFlag} = false`),
    index("sys_user_org_code_idx").on(t.orgCode)
  ]
);
var userDepartments = pgTable(
  "sys_user_depart",
  {
    userId: uuid2().notNull().references(() => users.id, { onDelete: "cascade" }),
    departId: uuid2().notNull().references(() => departments.id, { onDelete: "cascade" })
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] }), index("sys_user_depart_depart_idx").on(t.departId)]
);
var roles = pgTable(
  "sys_role",
  {
    id: id(),
    roleCode: varchar2({ length: 64 }).notNull(),
    roleName: varchar2({ length: 100 }).notNull(),
    roleNameEn: varchar2({ length: 100 }),
    /** 'all' | 'department' | 'personal' */
    dataScope: varchar2({ length: 16 }).notNull().default("personal"),
    description: text2(),
    ...auditColumns()
  },
  (t) => [uniqueIndex("sys_role_code_uq").on(t.roleCode), uniqueIndex("sys_role_name_uq").on(t.roleName)]
);
var userRoles = pgTable(
  "sys_user_role",
  {
    userId: uuid2().notNull().references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid2().notNull().references(() => roles.id, { onDelete: "cascade" })
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("sys_user_role_role_idx").on(t.roleId)]
);
var permissions = pgTable(
  "sys_permission",
  {
    id: id(),
    parentId: uuid2(),
    code: varchar2({ length: 128 }).notNull(),
    menuType: integer2().notNull(),
    textId: integer2().notNull(),
    name: varchar2({ length: 100 }).notNull(),
    url: varchar2({ length: 255 }),
    component: varchar2({ length: 255 }),
    redirect: varchar2({ length: 255 }),
    icon: varchar2({ length: 64 }),
    sortNo: integer2().notNull().default(0),
    hidden: boolean().notNull().default(false),
    alwaysShow: boolean().notNull().default(false),
    route: boolean().notNull().default(true),
    internalOrExternal: boolean().notNull().default(false),
    /** Buttons: '1' hide when not granted, '2' disable when not granted. */
    authType: varchar2({ length: 1 }).notNull().default("1"),
    /** Buttons: '1' rule active, '0' inactive (everyone may). */
    status: varchar2({ length: 1 }).notNull().default("1"),
    ...auditColumns()
  },
  (t) => [uniqueIndex("sys_permission_code_uq").on(t.code), index("sys_permission_parent_idx").on(t.parentId)]
);
var rolePermissions = pgTable(
  "sys_role_permission",
  {
    roleId: uuid2().notNull().references(() => roles.id, { onDelete: "cascade" }),
    permissionId: uuid2().notNull().references(() => permissions.id, { onDelete: "cascade" })
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index("sys_role_permission_perm_idx").on(t.permissionId)
  ]
);
var sessions = pgTable(
  "sys_session",
  {
    tokenHash: varchar2({ length: 64 }).primaryKey(),
    userId: uuid2().notNull().references(() => users.id, { onDelete: "cascade" }),
    createAt: ts().notNull().defaultNow(),
    expiresAt: ts().notNull(),
    revokedAt: ts(),
    ip: varchar2({ length: 64 }),
    userAgent: varchar2({ length: 255 })
  },
  (t) => [index("sys_session_user_idx").on(t.userId)]
);
var loginFailures = pgTable("sys_login_failure", {
  username: varchar2({ length: 64 }).primaryKey(),
  failures: integer2().notNull().default(0),
  windowStart: ts().notNull().defaultNow(),
  lockedUntil: ts()
});
var codeTable = pgTable(
  "sys_code",
  {
    id: integer2().primaryKey(),
    category: varchar2({ length: 32 }).notNull(),
    zh: text2().notNull(),
    en: text2().notNull(),
    updateAt: ts(),
    updateBy: uuid2(),
    version: integer2().notNull().default(1),
    /**
     * Set on an entry that overrides a text the web bundles (a field label: `field:supplier.code`,
     * category 'field'); null on entries the product refers to by id.
     */
    key: varchar2({ length: 160 })
  },
  (t) => [index("sys_code_category_idx").on(t.category), uniqueIndex("sys_code_key_uq").on(t.key)]
);
var dictTypes = pgTable(
  "sys_dict",
  {
    id: serial().primaryKey(),
    dictCode: varchar2({ length: 64 }).notNull(),
    textId: integer2().notNull(),
    description: text2(),
    ...auditColumns()
  },
  (t) => [uniqueIndex("sys_dict_code_uq").on(t.dictCode)]
);
var dictItems = pgTable(
  "sys_dict_item",
  {
    id: serial().primaryKey(),
    dictId: integer2().notNull().references(() => dictTypes.id, { onDelete: "cascade" }),
    /** The stored value (SPEC 3 `dicCode`). */
    value: varchar2({ length: 64 }).notNull(),
    textId: integer2().notNull(),
    sortNo: integer2().notNull().default(0),
    status: varchar2({ length: 1 }).notNull().default("1"),
    ...auditColumns()
  },
  (t) => [uniqueIndex("sys_dict_item_uq").on(t.dictId, t.value)]
);
var operationLogs = pgTable(
  "sys_log",
  {
    id: id(),
    /** 1 login, 2 operation, 3 review (dictionary `log_type`). */
    logType: integer2().notNull(),
    userId: uuid2(),
    username: varchar2({ length: 64 }),
    ip: varchar2({ length: 64 }),
    method: varchar2({ length: 8 }),
    path: varchar2({ length: 255 }),
    operation: varchar2({ length: 128 }).notNull(),
    resource: varchar2({ length: 64 }),
    objectId: varchar2({ length: 64 }),
    before: jsonb(),
    after: jsonb(),
    costMs: integer2(),
    requestId: varchar2({ length: 64 }),
    createAt: ts().notNull().defaultNow()
  },
  (t) => [
    index("sys_log_create_at_idx").on(t.createAt),
    index("sys_log_object_idx").on(t.resource, t.objectId),
    index("sys_log_user_idx").on(t.userId)
  ]
);
var settings = pgTable("sys_setting", {
  key: varchar2({ length: 64 }).primaryKey(),
  value: text2().notNull(),
  updateAt: ts()
});
var sequences = pgTable(
  "sys_sequence",
  {
    prefix: varchar2({ length: 16 }).notNull(),
    day: varchar2({ length: 8 }).notNull(),
    value: integer2().notNull()
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })]
);

// src/db/schema/approval.ts
var auditConfigs = pgTable2(
  "sys_audit_config",
  {
    id: id(),
    /** Dictionary `audit_business` (product, sale_order, ...). */
    business: varchar3({ length: 32 }).notNull(),
    name: varchar3({ length: 100 }).notNull(),
    /** Whether one person may approve two consecutive steps. */
    repeatAudit: boolean2().notNull().default(false),
    /** 'submitter' | 'previous' (dictionary `audit_reject_flow`). */
    rejectFlow: varchar3({ length: 16 }).notNull().default("submitter"),
    forbidSelfApproval: boolean2().notNull().default(false),
    /** '1' in force, '0' kept aside. */
    status: varchar3({ length: 1 }).notNull().default("1"),
    description: text3(),
    ...auditColumns()
  },
  (t) => [
    index2("sys_audit_config_business_idx").on(t.business),
    uniqueIndex2("sys_audit_config_active_uq").on(t.business).where(sql2`${t.status} = '1'`)
  ]
);
var auditConfigSteps = pgTable2(
  "sys_audit_config_step",
  {
    id: id(),
    configId: uuid3().notNull().references(() => auditConfigs.id, { onDelete: "cascade" }),
    stepNo: integer3().notNull(),
    stepName: varchar3({ length: 100 }),
    /** 'fixed' (orgCode below) | 'submitter' (the submitter's department). */
    deptType: varchar3({ length: 16 }).notNull().default("fixed"),
    orgCode: varchar3({ length: 64 }),
    roleCode: varchar3({ length: 64 }).notNull(),
    timeLimitHours: integer3()
  },
  (t) => [uniqueIndex2("sys_audit_config_step_uq").on(t.configId, t.stepNo)]
);
var reviews = pgTable2(
  "sys_review",
  {
    id: id(),
    business: varchar3({ length: 32 }).notNull(),
    objectId: varchar3({ length: 64 }).notNull(),
    /** The number people see (order number, product code...). */
    objectNo: varchar3({ length: 64 }),
    configId: uuid3().references(() => auditConfigs.id, { onDelete: "set null" }),
    /** 1 at the first submission, +1 at every restart. */
    round: integer3().notNull().default(1),
    repeatAudit: boolean2().notNull(),
    rejectFlow: varchar3({ length: 16 }).notNull(),
    forbidSelfApproval: boolean2().notNull(),
    submitterId: uuid3().references(() => users.id, { onDelete: "set null" }),
    submitterOrgCode: varchar3({ length: 64 }),
    stepCount: integer3().notNull(),
    currentStep: integer3().notNull().default(1),
    /** ApprovalStatus: '0' pending, '1' under review, '2' approved, '3' rejected. */
    status: varchar3({ length: 1 }).notNull(),
    startedAt: ts().notNull().defaultNow(),
    /** When the current step became current: its time limit counts from here. */
    stepStartedAt: ts().notNull().defaultNow(),
    finishedAt: ts(),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex2("sys_review_object_uq").on(t.business, t.objectId),
    index2("sys_review_status_idx").on(t.status),
    index2("sys_review_config_idx").on(t.configId),
    index2("sys_review_submitter_idx").on(t.submitterId)
  ]
);
var reviewSteps = pgTable2(
  "sys_review_step",
  {
    id: id(),
    reviewId: uuid3().notNull().references(() => reviews.id, { onDelete: "cascade" }),
    stepNo: integer3().notNull(),
    stepName: varchar3({ length: 100 }),
    deptCode: varchar3({ length: 64 }),
    roleCode: varchar3({ length: 64 }).notNull(),
    timeLimitHours: integer3(),
    /** 1 once decided for good (approved, or rejected back to the submitter). */
    isAudit: integer3().notNull().default(0),
    /** 'approve' | 'reject' */
    decision: varchar3({ length: 8 }),
    userId: uuid3().references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts(),
    note: text3()
  },
  (t) => [
    uniqueIndex2("sys_review_step_uq").on(t.reviewId, t.stepNo),
    index2("sys_review_step_reviewer_idx").on(t.roleCode, t.deptCode)
  ]
);
var reviewDecisions = pgTable2(
  "sys_review_decision",
  {
    id: id(),
    reviewId: uuid3().notNull().references(() => reviews.id, { onDelete: "cascade" }),
    round: integer3().notNull(),
    stepNo: integer3().notNull(),
    deptCode: varchar3({ length: 64 }),
    roleCode: varchar3({ length: 64 }).notNull(),
    decision: varchar3({ length: 8 }).notNull(),
    userId: uuid3().references(() => users.id, { onDelete: "set null" }),
    note: text3(),
    createAt: ts().notNull().defaultNow()
  },
  (t) => [
    index2("sys_review_decision_review_idx").on(t.reviewId),
    index2("sys_review_decision_user_idx").on(t.userId, t.createAt)
  ]
);

// src/db/schema/feedback.ts
import { index as index3, pgTable as pgTable3, text as text4, uuid as uuid4, varchar as varchar4 } from "drizzle-orm/pg-core";
var feedbacks = pgTable3(
  "sys_feedback",
  {
    id: id(),
    title: varchar4({ length: 200 }).notNull(),
    content: text4().notNull(),
    createByName: varchar4({ length: 64 }),
    /** '0' waiting, '1' replied (dictionary `yn`). */
    replyStatus: varchar4({ length: 1 }).notNull().default("0"),
    replyContent: text4(),
    replyBy: uuid4(),
    replyByName: varchar4({ length: 64 }),
    replyAt: ts(),
    ...auditColumns()
  },
  (t) => [index3("sys_feedback_create_by_idx").on(t.createBy), index3("sys_feedback_create_at_idx").on(t.createAt)]
);

// src/db/schema/files.ts
import { index as index4, integer as integer4, jsonb as jsonb2, pgTable as pgTable4, text as text5, uniqueIndex as uniqueIndex3, uuid as uuid5, varchar as varchar5 } from "drizzle-orm/pg-core";
var attachments = pgTable4(
  "sys_attachment",
  {
    id: id(),
    storageKey: varchar5({ length: 64 }).notNull(),
    /** The client's file name, for Content-Disposition only. */
    originalName: varchar5({ length: 255 }).notNull(),
    size: integer4().notNull(),
    mime: varchar5({ length: 128 }).notNull(),
    sha256: varchar5({ length: 64 }).notNull(),
    /** 'upload' (an image a user sent) | 'import-error' (an import's error workbook). */
    kind: varchar5({ length: 16 }).notNull().default("upload"),
    tableDic: varchar5({ length: 64 }),
    objectId: varchar5({ length: 64 }),
    createBy: uuid5().notNull(),
    createAt: ts().notNull().defaultNow()
  },
  (t) => [
    uniqueIndex3("sys_attachment_storage_key_uq").on(t.storageKey),
    index4("sys_attachment_object_idx").on(t.tableDic, t.objectId),
    index4("sys_attachment_create_by_idx").on(t.createBy)
  ]
);
var importJobs = pgTable4(
  "sys_import_job",
  {
    id: id(),
    userId: uuid5().notNull(),
    resource: varchar5({ length: 64 }).notNull(),
    /** 'running' | 'done' | 'failed' */
    status: varchar5({ length: 16 }).notNull().default("running"),
    /** 'reading' | 'validating' | 'writing' | 'finished' */
    phase: varchar5({ length: 16 }).notNull().default("reading"),
    processed: integer4().notNull().default(0),
    total: integer4().notNull().default(0),
    imported: integer4().notNull().default(0),
    failed: integer4().notNull().default(0),
    errorFileId: uuid5(),
    message: text5(),
    createAt: ts().notNull().defaultNow(),
    updateAt: ts().notNull().defaultNow()
  },
  (t) => [index4("sys_import_job_user_idx").on(t.userId, t.createAt)]
);
var savedQueries = pgTable4(
  "sys_saved_query",
  {
    id: id(),
    userId: uuid5().notNull(),
    resource: varchar5({ length: 64 }).notNull(),
    name: varchar5({ length: 64 }).notNull(),
    conditions: jsonb2().notNull(),
    matchType: varchar5({ length: 3 }).notNull(),
    roleIds: uuid5().array().notNull().default([]),
    createAt: ts().notNull().defaultNow(),
    updateAt: ts()
  },
  (t) => [
    uniqueIndex3("sys_saved_query_owner_name_uq").on(t.userId, t.resource, t.name),
    index4("sys_saved_query_resource_idx").on(t.resource)
  ]
);

// src/db/schema/masterdata.ts
import { index as index5, integer as integer5, numeric, pgTable as pgTable5, text as text6, uniqueIndex as uniqueIndex4, uuid as uuid6, varchar as varchar6 } from "drizzle-orm/pg-core";
var countries = pgTable5(
  "md_country",
  {
    id: id(),
    code: varchar6({ length: 8 }).notNull(),
    name: varchar6({ length: 100 }).notNull(),
    nameEn: varchar6({ length: 100 }),
    currencyName: varchar6({ length: 64 }).notNull(),
    currencyCode: varchar6({ length: 8 }),
    currencySymbol: varchar6({ length: 8 }).notNull(),
    status: varchar6({ length: 1 }).notNull().default("1"),
    orgCode: varchar6({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [uniqueIndex4("md_country_code_uq").on(t.code), index5("md_country_create_at_idx").on(t.createAt)]
);
var branches = pgTable5(
  "md_branch",
  {
    id: id(),
    code: varchar6({ length: 32 }).notNull(),
    name: varchar6({ length: 100 }).notNull(),
    nameEn: varchar6({ length: 100 }),
    /** 'domestic' | 'overseas' (dictionary `branch_type`). */
    branchType: varchar6({ length: 16 }).notNull(),
    countryId: uuid6().references(() => countries.id),
    /** Dictionary `region`. */
    region: varchar6({ length: 32 }),
    /** The department that runs the branch. */
    departId: uuid6(),
    sortNo: integer5().notNull().default(0),
    status: varchar6({ length: 1 }).notNull().default("1"),
    orgCode: varchar6({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex4("md_branch_code_uq").on(t.code),
    index5("md_branch_country_idx").on(t.countryId),
    index5("md_branch_create_at_idx").on(t.createAt)
  ]
);
var positions = pgTable5(
  "md_position",
  {
    id: id(),
    code: varchar6({ length: 32 }).notNull(),
    name: varchar6({ length: 100 }).notNull(),
    nameEn: varchar6({ length: 100 }),
    sortNo: integer5().notNull().default(0),
    status: varchar6({ length: 1 }).notNull().default("1"),
    orgCode: varchar6({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [uniqueIndex4("md_position_code_uq").on(t.code), index5("md_position_create_at_idx").on(t.createAt)]
);
var userBranches = pgTable5(
  "sys_user_branch",
  {
    userId: uuid6().notNull(),
    branchId: uuid6().notNull().references(() => branches.id, { onDelete: "cascade" })
  },
  (t) => [
    uniqueIndex4("sys_user_branch_pk").on(t.userId, t.branchId),
    index5("sys_user_branch_branch_idx").on(t.branchId)
  ]
);
var suppliers = pgTable5(
  "md_supplier",
  {
    id: id(),
    code: varchar6({ length: 32 }).notNull(),
    name: varchar6({ length: 128 }).notNull(),
    nameEn: varchar6({ length: 128 }),
    /** Dictionary `supplier_type`: raw | finished | packaging | oem. */
    supplierType: varchar6({ length: 16 }).notNull(),
    countryId: uuid6().references(() => countries.id),
    contactPerson: varchar6({ length: 64 }),
    phone: varchar6({ length: 32 }),
    email: varchar6({ length: 128 }),
    address: varchar6({ length: 255 }),
    taxNumber: varchar6({ length: 64 }),
    bankName: varchar6({ length: 128 }),
    bankAccount: varchar6({ length: 64 }),
    remark: text6(),
    status: varchar6({ length: 1 }).notNull().default("1"),
    orgCode: varchar6({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex4("md_supplier_code_uq").on(t.code),
    index5("md_supplier_create_at_idx").on(t.createAt),
    index5("md_supplier_type_idx").on(t.supplierType),
    index5("md_supplier_name_idx").on(t.name)
  ]
);
var depots = pgTable5(
  "md_depot",
  {
    id: id(),
    code: varchar6({ length: 32 }).notNull(),
    name: varchar6({ length: 128 }).notNull(),
    nameEn: varchar6({ length: 128 }),
    /** Dictionary `depot_type`: finished | raw. */
    depotType: varchar6({ length: 16 }).notNull(),
    location: varchar6({ length: 255 }),
    managerName: varchar6({ length: 64 }),
    managerPhone: varchar6({ length: 32 }),
    status: varchar6({ length: 1 }).notNull().default("1"),
    orgCode: varchar6({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [uniqueIndex4("md_depot_code_uq").on(t.code), index5("md_depot_create_at_idx").on(t.createAt)]
);
var boxSpecs = pgTable5(
  "md_box_spec",
  {
    id: id(),
    code: varchar6({ length: 32 }).notNull(),
    name: varchar6({ length: 128 }).notNull(),
    nameEn: varchar6({ length: 128 }),
    lengthCm: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
    widthCm: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
    heightCm: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
    grossWeightKg: numeric({ precision: 10, scale: 3, mode: "number" }).notNull(),
    status: varchar6({ length: 1 }).notNull().default("1"),
    orgCode: varchar6({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [uniqueIndex4("md_box_spec_code_uq").on(t.code), index5("md_box_spec_create_at_idx").on(t.createAt)]
);

// src/db/schema/messaging.ts
import { index as index6, integer as integer6, jsonb as jsonb3, pgTable as pgTable6, primaryKey as primaryKey2, text as text7, uuid as uuid7, varchar as varchar7 } from "drizzle-orm/pg-core";
var messages = pgTable6(
  "sys_message",
  {
    id: id(),
    recipientId: uuid7().notNull().references(() => users.id, { onDelete: "cascade" }),
    title: varchar7({ length: 255 }).notNull(),
    content: text7().notNull().default(""),
    /** The handler shown to the recipient (a person's name), and who that was. */
    creator: varchar7({ length: 64 }),
    creatorId: uuid7(),
    /** 0 unread, 1 read (SPEC 4). */
    readFlag: integer6().notNull().default(0),
    readTime: ts(),
    /** Menu code to open, with `params.busObjNo` the business order number. */
    menuId: varchar7({ length: 128 }),
    params: jsonb3().$type(),
    noticeId: uuid7(),
    /** What produced it: `notice`, `approval.reviewNeeded`, ... */
    source: varchar7({ length: 64 }),
    batchId: uuid7().notNull(),
    createTime: ts().notNull().defaultNow()
  },
  (t) => [
    index6("sys_message_recipient_idx").on(t.recipientId, t.readFlag, t.createTime),
    index6("sys_message_batch_idx").on(t.batchId)
  ]
);
var notices = pgTable6(
  "sys_notice",
  {
    id: id(),
    title: varchar7({ length: 200 }).notNull(),
    content: text7().notNull().default(""),
    noticeType: varchar7({ length: 16 }).notNull(),
    /** 'detail' opens the notice; 'url' navigates to `openUrl`. */
    openType: varchar7({ length: 8 }).notNull().default("detail"),
    openUrl: varchar7({ length: 500 }),
    /** 'all' | 'departments' | 'roles', with the chosen ids. */
    targetType: varchar7({ length: 16 }).notNull().default("all"),
    targetIds: jsonb3().$type().notNull().default([]),
    /** 'draft' | 'published' | 'withdrawn' */
    status: varchar7({ length: 16 }).notNull().default("draft"),
    senderId: uuid7(),
    senderName: varchar7({ length: 64 }),
    publishTime: ts(),
    withdrawTime: ts(),
    orgCode: varchar7({ length: 64 }),
    ...auditColumns()
  },
  (t) => [index6("sys_notice_status_idx").on(t.status, t.publishTime)]
);
var noticeRecipients = pgTable6(
  "sys_notice_recipient",
  {
    noticeId: uuid7().notNull().references(() => notices.id, { onDelete: "cascade" }),
    userId: uuid7().notNull().references(() => users.id, { onDelete: "cascade" }),
    readFlag: integer6().notNull().default(0),
    readTime: ts()
  },
  (t) => [primaryKey2({ columns: [t.noticeId, t.userId] }), index6("sys_notice_recipient_user_idx").on(t.userId)]
);

// src/db/schema/product.ts
import { sql as sql3 } from "drizzle-orm";
import { check, date as date2, index as index7, integer as integer7, numeric as numeric2, pgTable as pgTable7, text as text8, uniqueIndex as uniqueIndex5, uuid as uuid8, varchar as varchar8 } from "drizzle-orm/pg-core";
var categories = pgTable7(
  "pro_category",
  {
    id: id(),
    code: varchar8({ length: 32 }).notNull(),
    name: varchar8({ length: 100 }).notNull(),
    nameEn: varchar8({ length: 100 }),
    parentId: uuid8(),
    sortNo: integer7().notNull().default(0),
    status: varchar8({ length: 1 }).notNull().default("1"),
    orgCode: varchar8({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex5("pro_category_code_uq").on(t.code),
    index7("pro_category_parent_idx").on(t.parentId),
    index7("pro_category_create_at_idx").on(t.createAt)
  ]
);
var products = pgTable7(
  "pro_product",
  {
    id: id(),
    code: varchar8({ length: 32 }).notNull(),
    name: varchar8({ length: 128 }).notNull(),
    nameEn: varchar8({ length: 128 }),
    /** Dictionaries: product_spec_type, product_source, product_type, dosage_form, label_type. */
    specType: varchar8({ length: 16 }).notNull(),
    categoryId: uuid8().notNull().references(() => categories.id),
    source: varchar8({ length: 16 }).notNull(),
    productType: varchar8({ length: 16 }).notNull(),
    dosageForm: varchar8({ length: 16 }),
    labelType: varchar8({ length: 16 }),
    supplierId: uuid8().references(() => suppliers.id),
    spec: varchar8({ length: 128 }),
    specEn: varchar8({ length: 128 }),
    colour: varchar8({ length: 32 }),
    grossWeightKg: numeric2({ precision: 12, scale: 3, mode: "number" }),
    netWeightKg: numeric2({ precision: 12, scale: 3, mode: "number" }),
    volumeM3: numeric2({ precision: 12, scale: 6, mode: "number" }),
    /** The base unit (dictionary product_unit); other units convert to it. */
    unit: varchar8({ length: 16 }).notNull(),
    barcode: varchar8({ length: 32 }),
    shelfLifeDays: integer7(),
    expiryWarningDays: integer7(),
    originCountryId: uuid8().references(() => countries.id),
    model: varchar8({ length: 64 }),
    description: text8(),
    u8Code: varchar8({ length: 32 }),
    /** Attachment ids (sys_attachment, tableDic 'product'), in display order. */
    images: uuid8().array().notNull().default(sql3`'{}'::uuid[]`),
    /** Dictionary approval_status: 0 pending, 1 under review, 2 approved, 3 rejected. */
    auditStatus: varchar8({ length: 1 }).notNull().default("0"),
    status: varchar8({ length: 1 }).notNull().default("1"),
    orgCode: varchar8({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex5("pro_product_code_uq").on(t.code),
    index7("pro_product_create_at_idx").on(t.createAt),
    index7("pro_product_category_create_at_idx").on(t.categoryId, t.createAt),
    index7("pro_product_name_idx").on(t.name),
    // the list's search on a name matches it, its pinyin or its initials anywhere (SPEC 5 pinyin)
    index7("pro_product_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index7("pro_product_name_pinyin_trgm_idx").using("gin", t.namePinyin.op("gin_trgm_ops")),
    index7("pro_product_name_initials_trgm_idx").using("gin", t.nameInitials.op("gin_trgm_ops")),
    index7("pro_product_supplier_idx").on(t.supplierId),
    index7("pro_product_audit_status_idx").on(t.auditStatus)
  ]
);
var productUnits = pgTable7(
  "pro_product_unit",
  {
    id: id(),
    productId: uuid8().notNull().references(() => products.id, { onDelete: "cascade" }),
    useCase: varchar8({ length: 16 }).notNull(),
    unit: varchar8({ length: 16 }).notNull(),
    conversionRate: numeric2({ precision: 14, scale: 4, mode: "number" }).notNull(),
    boxSpecId: uuid8().references(() => boxSpecs.id),
    perBox: integer7(),
    remark: varchar8({ length: 255 }),
    orgCode: varchar8({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex5("pro_product_unit_use_uq").on(t.productId, t.useCase, t.unit),
    index7("pro_product_unit_box_spec_idx").on(t.boxSpecId),
    index7("pro_product_unit_create_at_idx").on(t.createAt),
    check("pro_product_unit_rate_positive", sql3`${t.conversionRate} > 0`)
  ]
);
var productPrices = pgTable7(
  "pro_product_price",
  {
    id: id(),
    productId: uuid8().notNull().references(() => products.id, { onDelete: "cascade" }),
    priceType: varchar8({ length: 16 }).notNull(),
    price: numeric2({ precision: 16, scale: 4, mode: "number" }).notNull(),
    currency: varchar8({ length: 8 }).notNull(),
    validFrom: date2({ mode: "string" }).notNull(),
    validTo: date2({ mode: "string" }),
    remark: varchar8({ length: 255 }),
    orgCode: varchar8({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex5("pro_product_price_type_uq").on(t.productId, t.priceType),
    index7("pro_product_price_create_at_idx").on(t.createAt),
    check("pro_product_price_non_negative", sql3`${t.price} >= 0`)
  ]
);
var branchSaleRels = pgTable7(
  "pro_branch_sale_rel",
  {
    id: id(),
    branchId: uuid8().notNull().references(() => branches.id),
    productId: uuid8().notNull().references(() => products.id),
    salePrice: numeric2({ precision: 16, scale: 4, mode: "number" }),
    currency: varchar8({ length: 8 }),
    status: varchar8({ length: 1 }).notNull().default("1"),
    remark: varchar8({ length: 255 }),
    orgCode: varchar8({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex5("pro_branch_sale_rel_uq").on(t.branchId, t.productId),
    index7("pro_branch_sale_rel_product_idx").on(t.productId),
    index7("pro_branch_sale_rel_create_at_idx").on(t.createAt)
  ]
);

// src/db/schema/stock.ts
import { sql as sql4 } from "drizzle-orm";
import { check as check2, date as date3, index as index8, integer as integer8, numeric as numeric3, pgTable as pgTable8, uniqueIndex as uniqueIndex6, uuid as uuid9, varchar as varchar9 } from "drizzle-orm/pg-core";
var qty = () => numeric3({ precision: 16, scale: 3, mode: "number" });
var stocks = pgTable8(
  "pro_stock",
  {
    id: id(),
    depotId: uuid9().notNull().references(() => depots.id),
    productId: uuid9().notNull().references(() => products.id),
    batchNo: varchar9({ length: 64 }).notNull(),
    quantity: qty().notNull().default(0),
    productionDate: date3({ mode: "string" }),
    expiryDate: date3({ mode: "string" }),
    orgCode: varchar9({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex6("pro_stock_depot_product_batch_uq").on(t.depotId, t.productId, t.batchNo),
    index8("pro_stock_product_idx").on(t.productId),
    index8("pro_stock_create_at_idx").on(t.createAt),
    check2("pro_stock_quantity_non_negative", sql4`${t.quantity} >= 0`)
  ]
);
var branchStocks = pgTable8(
  "pro_branch_stock",
  {
    id: id(),
    branchId: uuid9().notNull().references(() => branches.id),
    productId: uuid9().notNull().references(() => products.id),
    batchNo: varchar9({ length: 64 }).notNull().default(""),
    quantity: qty().notNull(),
    expiryDate: date3({ mode: "string" }),
    orgCode: varchar9({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex6("pro_branch_stock_uq").on(t.branchId, t.productId, t.batchNo),
    index8("pro_branch_stock_product_idx").on(t.productId),
    index8("pro_branch_stock_create_at_idx").on(t.createAt),
    check2("pro_branch_stock_quantity_non_negative", sql4`${t.quantity} >= 0`)
  ]
);
var stockDocs = pgTable8(
  "pro_stock_doc",
  {
    id: id(),
    docNo: varchar9({ length: 32 }).notNull(),
    /** Dictionary stock_doc_type. */
    docType: varchar9({ length: 16 }).notNull(),
    depotId: uuid9().notNull().references(() => depots.id),
    docDate: date3({ mode: "string" }).notNull(),
    supplierId: uuid9().references(() => suppliers.id),
    branchId: uuid9().references(() => branches.id),
    lineCount: integer8().notNull(),
    totalQuantity: qty().notNull(),
    remark: varchar9({ length: 500 }),
    orgCode: varchar9({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    uniqueIndex6("pro_stock_doc_no_uq").on(t.docNo),
    index8("pro_stock_doc_create_at_idx").on(t.createAt),
    index8("pro_stock_doc_type_idx").on(t.docType, t.createAt)
  ]
);
var stockDocLines = pgTable8(
  "pro_stock_doc_line",
  {
    id: id(),
    docId: uuid9().notNull().references(() => stockDocs.id, { onDelete: "cascade" }),
    lineNo: integer8().notNull(),
    productId: uuid9().notNull().references(() => products.id),
    batchNo: varchar9({ length: 64 }).notNull(),
    quantity: qty().notNull(),
    productionDate: date3({ mode: "string" }),
    expiryDate: date3({ mode: "string" }),
    remark: varchar9({ length: 255 })
  },
  (t) => [index8("pro_stock_doc_line_doc_idx").on(t.docId), index8("pro_stock_doc_line_product_idx").on(t.productId)]
);
var stockLedger = pgTable8(
  "pro_stock_ledger",
  {
    id: id(),
    docId: uuid9().notNull().references(() => stockDocs.id),
    docNo: varchar9({ length: 32 }).notNull(),
    docType: varchar9({ length: 16 }).notNull(),
    depotId: uuid9().notNull().references(() => depots.id),
    productId: uuid9().notNull().references(() => products.id),
    batchNo: varchar9({ length: 64 }).notNull(),
    change: qty().notNull(),
    quantityAfter: qty().notNull(),
    orgCode: varchar9({ length: 64 }),
    ...auditColumns()
  },
  (t) => [
    index8("pro_stock_ledger_stock_idx").on(t.depotId, t.productId, t.batchNo, t.createAt),
    index8("pro_stock_ledger_doc_idx").on(t.docId),
    index8("pro_stock_ledger_create_at_idx").on(t.createAt),
    check2("pro_stock_ledger_after_non_negative", sql4`${t.quantityAfter} >= 0`)
  ]
);

// src/platform/approval/index.ts
import { eq as eq5 } from "drizzle-orm";

// src/platform/bulk-insert.ts
import { getTableColumns, sql as sql5 } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
var casing = new CasingCache("snake_case");
var CHUNK = 5e3;
var bulkInsert = async (db, table, rows) => {
  const columns = getTableColumns(table);
  const groups = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const out = {};
    for (const [key2, value] of Object.entries(row)) {
      if (value === void 0) continue;
      const column = columns[key2];
      if (!column) throw new Error(`bulkInsert: no column ${key2}`);
      out[casing.getColumnCasing(column)] = value;
    }
    const signature = Object.keys(out).sort().join(",");
    groups.set(signature, [...groups.get(signature) ?? [], out]);
  }
  for (const [signature, group] of groups) {
    const names = sql5.join(
      signature.split(",").map((n) => sql5.identifier(n)),
      sql5`, `
    );
    for (let i = 0; i < group.length; i += CHUNK) {
      const json = JSON.stringify(group.slice(i, i + CHUNK));
      await db.execute(
        sql5`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${json}::json)`
      );
    }
  }
};

// src/platform/audit-log.ts
var LogType = { Login: 1, Operation: 2, Review: 3 };
var requestInfoOf = (req) => ({
  ip: req.ip,
  method: req.method,
  url: req.url,
  id: req.id,
  startedAt: req.startedAt,
  principal: req.principal,
  routeOptions: { url: req.routeOptions.url }
});
var logRow = (req, entry2) => {
  const user = entry2.user ?? (req.principal ? { id: req.principal.userId, username: req.principal.username } : null);
  return {
    logType: entry2.logType ?? LogType.Operation,
    userId: user?.id ?? null,
    username: user?.username ?? null,
    ip: req.ip,
    method: req.method,
    path: req.routeOptions.url ?? req.url.split("?")[0],
    operation: entry2.operation,
    resource: entry2.resource,
    objectId: entry2.objectId ?? null,
    before: entry2.before ?? null,
    after: entry2.after ?? null,
    costMs: Math.round(performance.now() - req.startedAt),
    requestId: req.id
  };
};
var recordOperation = async (db, req, entry2) => {
  await db.insert(operationLogs).values(logRow(req, entry2));
};
var recordOperations = (db, req, entries) => bulkInsert(
  db,
  operationLogs,
  entries.map((e) => logRow(req, e))
);

// src/platform/errors.ts
var AppError = class extends Error {
  entry;
  result;
  constructor(entry2, result = null) {
    super(entry2.en);
    this.name = "AppError";
    this.entry = entry2;
    this.result = result;
  }
  get statusCode() {
    return this.entry.status;
  }
};
function fail(entry2, result) {
  throw new AppError(entry2, result);
}
function notFound() {
  throw new AppError(Errors.NotFound);
}
function staleVersion() {
  throw new AppError(Errors.DataChanged);
}
var isAppError = (e) => e instanceof AppError;

// src/platform/approval/decide.ts
import { and as and3, asc as asc2, eq as eq3 } from "drizzle-orm";

// src/platform/approval/reviewers.ts
import { and, eq, notInArray } from "drizzle-orm";
var membershipsOf = async (db, userId) => {
  const roleRows = await db.select({ code: roles.roleCode }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
  const deptRows = await db.select({ code: departments.orgCode }).from(userDepartments).innerJoin(departments, eq(departments.id, userDepartments.departId)).where(eq(userDepartments.userId, userId));
  return { roleCodes: roleRows.map((r) => r.code), orgCodes: deptRows.map((r) => r.code) };
};
var excludedAt = (review, previous) => {
  const out = [];
  if (review.forbidSelfApproval && review.submitterId) out.push(review.submitterId);
  if (!review.repeatAudit && previous?.decision === ReviewDecision.Approve && previous.userId) out.push(previous.userId);
  return out;
};
var candidatesOf = async (db, step, exclude = []) => {
  if (!step.deptCode) return [];
  const rows = await db.selectDistinct({ id: users.id }).from(users).innerJoin(userRoles, eq(userRoles.userId, users.id)).innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.roleCode, step.roleCode))).innerJoin(userDepartments, eq(userDepartments.userId, users.id)).innerJoin(departments, and(eq(departments.id, userDepartments.departId), eq(departments.orgCode, step.deptCode))).where(
    and(
      eq(users.delFlag, false),
      eq(users.status, "1"),
      exclude.length > 0 ? notInArray(users.id, [...exclude]) : void 0
    )
  ).orderBy(users.id);
  return rows.map((r) => r.id);
};
var holdsStep = (m, step) => m.roleCodes.includes(step.roleCode) && step.deptCode !== null && m.orgCodes.includes(step.deptCode);
var assertReviewer = (m, step) => {
  if (holdsStep(m, step)) return;
  if (m.roleCodes.includes(step.roleCode)) fail(Errors.ReviewerMismatch);
  fail(Errors.OnlyCurrentReviewer);
};

// src/platform/approval/start.ts
import { and as and2, asc, eq as eq2 } from "drizzle-orm";
var OPEN_STATUSES = [ApprovalStatus.Pending, ApprovalStatus.UnderReview];
var isOpen = (status2) => OPEN_STATUSES.includes(status2);
var refWhere = (ref) => "reviewId" in ref ? eq2(reviews.id, ref.reviewId) : and2(eq2(reviews.business, ref.business), eq2(reviews.objectId, ref.objectId));
var activeConfigOf = async (db, business) => {
  const [config2] = await db.select().from(auditConfigs).where(and2(eq2(auditConfigs.business, business), eq2(auditConfigs.status, "1")));
  if (!config2) return null;
  const steps = await db.select().from(auditConfigSteps).where(eq2(auditConfigSteps.configId, config2.id)).orderBy(asc(auditConfigSteps.stepNo));
  return { ...config2, steps };
};
var startReview = async (tx, events, input, ctx) => {
  const config2 = await activeConfigOf(tx, input.business);
  if (!config2 || config2.steps.length === 0) fail(Errors.AuditRecordNotFound);
  const stepRows = config2.steps.map((s) => ({
    stepNo: s.stepNo,
    stepName: s.stepName,
    deptCode: s.deptType === StepDeptType.Submitter ? input.submitter.orgCode : s.orgCode,
    roleCode: s.roleCode,
    timeLimitHours: s.timeLimitHours
  }));
  if (stepRows.some((s) => !s.deptCode)) fail(Errors.DepartmentNotSet);
  const [existing] = await tx.select().from(reviews).where(refWhere({ business: input.business, objectId: input.objectId })).for("update");
  if (existing && isOpen(existing.status)) fail(Errors.DuplicatePendingApplication);
  const now = /* @__PURE__ */ new Date();
  const values2 = {
    objectNo: input.objectNo ?? null,
    configId: config2.id,
    repeatAudit: config2.repeatAudit,
    rejectFlow: config2.rejectFlow,
    forbidSelfApproval: config2.forbidSelfApproval,
    submitterId: input.submitter.userId,
    submitterOrgCode: input.submitter.orgCode,
    stepCount: stepRows.length,
    currentStep: 1,
    status: ApprovalStatus.Pending,
    startedAt: now,
    stepStartedAt: now,
    finishedAt: null
  };
  let review;
  if (existing) {
    ;
    [review] = await tx.update(reviews).set({
      ...values2,
      round: existing.round + 1,
      version: existing.version + 1,
      updateAt: now,
      updateBy: input.submitter.userId
    }).where(eq2(reviews.id, existing.id)).returning();
    await tx.delete(reviewSteps).where(eq2(reviewSteps.reviewId, existing.id));
  } else {
    ;
    [review] = await tx.insert(reviews).values({ business: input.business, objectId: input.objectId, ...values2, createBy: input.submitter.userId }).onConflictDoNothing().returning();
    if (!review) fail(Errors.DuplicatePendingApplication);
  }
  if (!review) fail(Errors.ReviewFailed);
  const reviewId = review.id;
  await tx.insert(reviewSteps).values(stepRows.map((s) => ({ ...s, reviewId })));
  const first = stepRows[0];
  const reviewerIds = await candidatesOf(tx, first, excludedAt(review, void 0));
  await events.emit(tx, {
    type: "approval.reviewNeeded",
    reviewId,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    stepNo: 1,
    reviewerIds,
    submitterId: review.submitterId
  });
  if (ctx.req) {
    await recordOperation(tx, ctx.req, {
      logType: LogType.Review,
      operation: "approval:start",
      resource: review.business,
      objectId: review.objectId,
      after: { reviewId, round: review.round, steps: stepRows.length }
    });
  }
  return {
    reviewId,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    status: ApprovalStatus.Pending,
    round: review.round,
    currentStep: 1,
    stepCount: review.stepCount,
    version: review.version,
    reviewerIds
  };
};

// src/platform/approval/decide.ts
var HOUR_MS = 36e5;
var lockReview = async (tx, ref) => {
  const [review] = await tx.select().from(reviews).where(refWhere(ref)).for("update");
  if (!review) fail(Errors.AuditRecordNotFound);
  return review;
};
var stepsOf = (db, reviewId) => db.select().from(reviewSteps).where(eq3(reviewSteps.reviewId, reviewId)).orderBy(asc2(reviewSteps.stepNo));
var assertOpen = (review) => {
  if (review.status === ApprovalStatus.Approved) fail(Errors.AlreadyApproved);
  if (review.status === ApprovalStatus.Rejected) fail(Errors.AlreadyRejected);
};
var deadlineOf = (stepStartedAt, timeLimitHours) => timeLimitHours == null ? null : new Date(stepStartedAt.getTime() + timeLimitHours * HOUR_MS);
var refuseStaleStep = (steps, stepNo, currentStep) => {
  const seen = steps.find((s) => s.stepNo === stepNo);
  if (!seen) fail(Errors.AuditRecordNotFound);
  if (seen.decision === ReviewDecision.Approve) fail(Errors.AlreadyApproved);
  if (seen.decision === ReviewDecision.Reject) fail(Errors.AlreadyRejected);
  if (stepNo > currentStep) fail(Errors.OnlyCurrentReviewer);
  fail(Errors.ReviewFailed);
};
var decidedStep = (decision, userId, now, note, isAudit) => ({
  isAudit,
  decision,
  userId,
  decidedAt: now,
  note
});
var clearedStep = { isAudit: 0, decision: null, userId: null, decidedAt: null, note: null };
var decideReview = async (tx, events, input, ctx) => {
  const review = await lockReview(tx, input);
  assertOpen(review);
  const steps = await stepsOf(tx, review.id);
  if (input.stepNo !== void 0 && input.stepNo !== review.currentStep) {
    refuseStaleStep(steps, input.stepNo, review.currentStep);
  }
  if (input.version !== void 0 && input.version !== review.version) fail(Errors.ReviewFailed);
  const current = steps.find((s) => s.stepNo === review.currentStep);
  if (!current) fail(Errors.AuditRecordNotFound);
  const previous = steps.find((s) => s.stepNo === review.currentStep - 1);
  const actorId = input.actor.userId;
  const memberships = await membershipsOf(tx, actorId);
  if (input.stepNo === void 0 && !holdsStep(memberships, current)) {
    const seen = steps.find((s) => s.stepNo !== current.stepNo && s.decision !== null && holdsStep(memberships, s));
    if (seen) refuseStaleStep(steps, seen.stepNo, review.currentStep);
  }
  assertReviewer(memberships, current);
  if (review.forbidSelfApproval && review.submitterId === actorId) fail(Errors.SelfApprovalForbidden);
  if (input.decision === ReviewDecision.Approve && !review.repeatAudit && previous?.decision === ReviewDecision.Approve && previous.userId === actorId) {
    fail(Errors.RepeatAuditForbidden);
  }
  const now = /* @__PURE__ */ new Date();
  const deadline = deadlineOf(review.stepStartedAt, current.timeLimitHours);
  if (deadline && now > deadline) fail(Errors.ReviewTimeExpired);
  const note = input.note?.trim();
  if (!note) fail(Errors.ReviewNoteRequired);
  const approve = input.decision === ReviewDecision.Approve;
  const last = review.currentStep === review.stepCount;
  const toSubmitter = review.rejectFlow !== RejectFlow.ToPrevious || review.currentStep === 1;
  let outcome;
  let patch;
  let next = null;
  if (approve) {
    await tx.update(reviewSteps).set(decidedStep(ReviewDecision.Approve, actorId, now, note, 1)).where(eq3(reviewSteps.id, current.id));
    if (last) {
      outcome = "approved";
      patch = { status: ApprovalStatus.Approved, finishedAt: now };
    } else {
      outcome = "advanced";
      patch = { status: ApprovalStatus.UnderReview, currentStep: review.currentStep + 1, stepStartedAt: now };
      const step = steps.find((s) => s.stepNo === review.currentStep + 1);
      await tx.update(reviewSteps).set(clearedStep).where(eq3(reviewSteps.id, step.id));
      next = { step, before: { decision: ReviewDecision.Approve, userId: actorId } };
    }
  } else if (toSubmitter) {
    outcome = "rejected";
    await tx.update(reviewSteps).set(decidedStep(ReviewDecision.Reject, actorId, now, note, 1)).where(eq3(reviewSteps.id, current.id));
    patch = { status: ApprovalStatus.Rejected, finishedAt: now };
  } else {
    outcome = "returned";
    await tx.update(reviewSteps).set(decidedStep(ReviewDecision.Reject, actorId, now, note, 0)).where(eq3(reviewSteps.id, current.id));
    const step = previous;
    await tx.update(reviewSteps).set(clearedStep).where(eq3(reviewSteps.id, step.id));
    const backTo = review.currentStep - 1;
    patch = {
      status: backTo > 1 ? ApprovalStatus.UnderReview : ApprovalStatus.Pending,
      currentStep: backTo,
      stepStartedAt: now
    };
    next = { step, before: steps.find((s) => s.stepNo === backTo - 1) };
  }
  const [updated] = await tx.update(reviews).set({ ...patch, version: review.version + 1, updateAt: now, updateBy: actorId }).where(and3(eq3(reviews.id, review.id), eq3(reviews.version, review.version))).returning();
  if (!updated) fail(Errors.ReviewFailed);
  await tx.insert(reviewDecisions).values({
    reviewId: review.id,
    round: review.round,
    stepNo: current.stepNo,
    deptCode: current.deptCode,
    roleCode: current.roleCode,
    decision: input.decision,
    userId: actorId,
    note,
    createAt: now
  });
  const final = outcome === "approved" || outcome === "rejected";
  const about = { business: review.business, objectId: review.objectId, objectNo: review.objectNo };
  await events.emit(tx, {
    type: approve ? "approval.approved" : "approval.rejected",
    reviewId: review.id,
    stepNo: current.stepNo,
    ...about,
    final,
    submitterId: review.submitterId,
    decidedBy: actorId,
    note
  });
  if (next) {
    const reviewerIds = await candidatesOf(tx, next.step, excludedAt(review, next.before));
    await events.emit(tx, {
      type: "approval.reviewNeeded",
      reviewId: review.id,
      ...about,
      stepNo: next.step.stepNo,
      reviewerIds,
      submitterId: review.submitterId
    });
  }
  if (ctx.req) {
    await recordOperation(tx, ctx.req, {
      logType: LogType.Review,
      operation: `approval:${input.decision}`,
      resource: review.business,
      objectId: review.objectId,
      before: { reviewId: review.id, status: review.status, currentStep: review.currentStep },
      after: { status: updated.status, currentStep: updated.currentStep, outcome, note }
    });
  }
  return {
    reviewId: review.id,
    ...about,
    stepNo: current.stepNo,
    decision: input.decision,
    outcome,
    final,
    status: updated.status,
    currentStep: updated.currentStep,
    version: updated.version
  };
};

// src/platform/approval/queries.ts
import { and as and4, asc as asc3, desc, eq as eq4, ilike, inArray, isNull, ne, or, sql as sql6 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
var cur = alias(reviewSteps, "cur");
var prev = alias(reviewSteps, "prev");
var submitter = alias(users, "submitter");
var pick = (lang, zh, en2) => lang === "en" ? en2 ?? zh : zh;
var iso = (d) => d ? d.toISOString() : null;
var escapeLike = (value) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
var itemColumns = {
  review: reviews,
  stepName: cur.stepName,
  deptCode: cur.deptCode,
  roleCode: cur.roleCode,
  timeLimitHours: cur.timeLimitHours,
  departName: departments.departName,
  departNameEn: departments.departNameEn,
  roleName: roles.roleName,
  roleNameEn: roles.roleNameEn,
  submitterName: submitter.realname
};
var toItem = (row, lang, now) => {
  const r = row.review;
  const open2 = OPEN_STATUSES.includes(r.status);
  const deadline = open2 ? deadlineOf(r.stepStartedAt, row.timeLimitHours) : null;
  return {
    id: r.id,
    business: r.business,
    objectId: r.objectId,
    objectNo: r.objectNo,
    status: r.status,
    currentStep: r.currentStep,
    stepCount: r.stepCount,
    stepName: row.stepName,
    deptCode: row.deptCode,
    departName: pick(lang, row.departName, row.departNameEn),
    roleCode: row.roleCode,
    roleName: pick(lang, row.roleName, row.roleNameEn),
    submitterId: r.submitterId,
    submitterName: row.submitterName,
    startedAt: r.startedAt.toISOString(),
    stepStartedAt: r.stepStartedAt.toISOString(),
    deadline: iso(deadline),
    expired: deadline !== null && now > deadline,
    myDecision: row.myDecision ?? null,
    // an aggregate comes back as text from some drivers
    myDecidedAt: row.myDecidedAt ? new Date(row.myDecidedAt).toISOString() : null,
    version: r.version
  };
};
var pageOf2 = (records, total, f) => ({
  records,
  total,
  size: f.pageSize,
  current: f.pageNo,
  pages: Math.ceil(total / f.pageSize)
});
var commonFilters = (f) => [
  f.business ? eq4(reviews.business, f.business) : void 0,
  f.objectNo ? ilike(reviews.objectNo, `%${escapeLike(f.objectNo)}%`) : void 0
];
var listTodo = async (db, userId, f, lang) => {
  const m = await membershipsOf(db, userId);
  if (m.roleCodes.length === 0 || m.orgCodes.length === 0) return pageOf2([], 0, f);
  const where = and4(
    inArray(reviews.status, [...OPEN_STATUSES]),
    inArray(cur.roleCode, m.roleCodes),
    inArray(cur.deptCode, m.orgCodes),
    or(eq4(reviews.forbidSelfApproval, false), isNull(reviews.submitterId), ne(reviews.submitterId, userId)),
    // the previous step, when there is one, is approved: its approver may not take the next one
    or(eq4(reviews.repeatAudit, true), isNull(prev.userId), ne(prev.userId, userId)),
    ...commonFilters(f)
  );
  const base = () => db.select(itemColumns).from(reviews).innerJoin(cur, and4(eq4(cur.reviewId, reviews.id), eq4(cur.stepNo, reviews.currentStep))).leftJoin(prev, and4(eq4(prev.reviewId, reviews.id), eq4(prev.stepNo, sql6`${reviews.currentStep} - 1`))).leftJoin(departments, eq4(departments.orgCode, cur.deptCode)).leftJoin(roles, eq4(roles.roleCode, cur.roleCode)).leftJoin(submitter, eq4(submitter.id, reviews.submitterId)).where(where);
  const [count8] = await db.select({ n: sql6`count(*)::int` }).from(reviews).innerJoin(cur, and4(eq4(cur.reviewId, reviews.id), eq4(cur.stepNo, reviews.currentStep))).leftJoin(prev, and4(eq4(prev.reviewId, reviews.id), eq4(prev.stepNo, sql6`${reviews.currentStep} - 1`))).where(where);
  const rows = await base().orderBy(desc(reviews.stepStartedAt), asc3(reviews.id)).limit(f.pageSize).offset((f.pageNo - 1) * f.pageSize);
  const now = /* @__PURE__ */ new Date();
  return pageOf2(
    rows.map((r) => toItem(r, lang, now)),
    count8?.n ?? 0,
    f
  );
};
var listDone = async (db, userId, f, lang) => {
  const mine = db.select({
    reviewId: reviewDecisions.reviewId,
    lastAt: sql6`max(${reviewDecisions.createAt})`.as("last_at"),
    lastDecision: sql6`(array_agg(${reviewDecisions.decision} order by ${reviewDecisions.createAt} desc))[1]`.as(
      "last_decision"
    )
  }).from(reviewDecisions).where(eq4(reviewDecisions.userId, userId)).groupBy(reviewDecisions.reviewId).as("mine");
  const where = and4(...commonFilters(f));
  const [count8] = await db.select({ n: sql6`count(*)::int` }).from(reviews).innerJoin(mine, eq4(mine.reviewId, reviews.id)).where(where);
  const rows = await db.select({ ...itemColumns, myDecision: mine.lastDecision, myDecidedAt: mine.lastAt }).from(reviews).innerJoin(mine, eq4(mine.reviewId, reviews.id)).leftJoin(cur, and4(eq4(cur.reviewId, reviews.id), eq4(cur.stepNo, reviews.currentStep))).leftJoin(departments, eq4(departments.orgCode, cur.deptCode)).leftJoin(roles, eq4(roles.roleCode, cur.roleCode)).leftJoin(submitter, eq4(submitter.id, reviews.submitterId)).where(where).orderBy(desc(mine.lastAt), asc3(reviews.id)).limit(f.pageSize).offset((f.pageNo - 1) * f.pageSize);
  const now = /* @__PURE__ */ new Date();
  return pageOf2(
    rows.map((r) => toItem(r, lang, now)),
    count8?.n ?? 0,
    f
  );
};
var findReview = async (db, ref) => {
  const [review] = await db.select().from(reviews).where(refWhere(ref));
  return review ?? null;
};
var reviewersOf = async (db, ref) => {
  const review = await findReview(db, ref);
  if (!review || !OPEN_STATUSES.includes(review.status)) return [];
  const steps = await stepsOf(db, review.id);
  const current = steps.find((s) => s.stepNo === review.currentStep);
  if (!current) return [];
  return candidatesOf(
    db,
    current,
    excludedAt(
      review,
      steps.find((s) => s.stepNo === review.currentStep - 1)
    )
  );
};
var decider = alias(users, "decider");
var getProgress = async (db, ref, lang) => {
  const review = await findReview(db, ref);
  if (!review) return null;
  const steps = await db.select({
    step: reviewSteps,
    departName: departments.departName,
    departNameEn: departments.departNameEn,
    roleName: roles.roleName,
    roleNameEn: roles.roleNameEn,
    realname: decider.realname
  }).from(reviewSteps).leftJoin(departments, eq4(departments.orgCode, reviewSteps.deptCode)).leftJoin(roles, eq4(roles.roleCode, reviewSteps.roleCode)).leftJoin(decider, eq4(decider.id, reviewSteps.userId)).where(eq4(reviewSteps.reviewId, review.id)).orderBy(asc3(reviewSteps.stepNo));
  const history = await db.select({ d: reviewDecisions, realname: decider.realname }).from(reviewDecisions).leftJoin(decider, eq4(decider.id, reviewDecisions.userId)).where(eq4(reviewDecisions.reviewId, review.id)).orderBy(asc3(reviewDecisions.createAt), asc3(reviewDecisions.id));
  const index9 = deriveCurrentStepIndex(
    steps.map((s) => s.step),
    review.status === ApprovalStatus.Rejected
  );
  return {
    id: review.id,
    business: review.business,
    objectId: review.objectId,
    objectNo: review.objectNo,
    status: review.status,
    round: review.round,
    currentStep: steps[index9]?.step.stepNo ?? 1,
    steps: steps.map(({ step: s, ...names }) => ({
      stepNo: s.stepNo,
      stepName: s.stepName,
      deptCode: s.deptCode,
      departName: pick(lang, names.departName, names.departNameEn),
      roleCode: s.roleCode,
      roleName: pick(lang, names.roleName, names.roleNameEn),
      timeLimitHours: s.timeLimitHours,
      isAudit: s.isAudit === 1 ? 1 : 0,
      decision: s.decision,
      userId: s.userId,
      realname: names.realname,
      decidedAt: iso(s.decidedAt),
      note: s.note
    })),
    history: history.map(({ d, realname }) => ({
      round: d.round,
      stepNo: d.stepNo,
      deptCode: d.deptCode,
      roleCode: d.roleCode,
      decision: d.decision,
      userId: d.userId,
      realname,
      note: d.note,
      decidedAt: d.createAt.toISOString()
    })),
    version: review.version
  };
};

// src/platform/approval/index.ts
var createApprovalEngine = ({ events }) => ({
  /** Submits an object for review; restarts a finished review. Refuses while one is open. */
  start: (tx, input, ctx = {}) => startReview(tx, events, input, ctx),
  /** Approves or rejects the current step; see decide.ts for every rule. */
  decide: (tx, input, ctx = {}) => decideReview(tx, events, input, ctx),
  /** The review of an object (or by id), or null. */
  find: (db, ref) => findReview(db, ref),
  /** Who may decide the current step now. */
  reviewersOf: (db, ref) => reviewersOf(db, ref),
  /** Steps, decisions and the step to show (SPEC 4), or null when the object was never submitted. */
  progress: (db, ref, lang = "zh") => getProgress(db, ref, lang),
  /** The user's inbox: open reviews they may decide now. */
  listTodo: (db, userId, filter, lang = "zh") => listTodo(db, userId, filter, lang),
  /** Reviews the user has decided. */
  listDone: (db, userId, filter, lang = "zh") => listDone(db, userId, filter, lang),
  /** The role codes and departments that make a user a reviewer. */
  membershipsOf: (db, userId) => membershipsOf(db, userId),
  /**
   * Drops an object's review with its history, when the object itself is deleted (whether it may
   * be deleted is the business module's rule, e.g. only unreviewed orders). False when none.
   */
  async remove(tx, ref) {
    const [review] = await tx.select().from(reviews).where(refWhere(ref)).for("update");
    if (!review) return false;
    await tx.delete(reviews).where(eq5(reviews.id, review.id));
    return true;
  },
  /**
   * Restarts the current step's time limit: the administrator's answer to 'review time has
   * expired, please contact the administrator'.
   */
  async renewDeadline(tx, ref, actor, ctx = {}) {
    const review = await lockReview(tx, ref);
    assertOpen(review);
    const now = /* @__PURE__ */ new Date();
    const [updated] = await tx.update(reviews).set({ stepStartedAt: now, version: review.version + 1, updateAt: now, updateBy: actor.userId }).where(eq5(reviews.id, review.id)).returning();
    if (!updated) fail(Errors.ReviewFailed);
    if (ctx.req) {
      await recordOperation(tx, ctx.req, {
        logType: LogType.Review,
        operation: "approval:renewDeadline",
        resource: review.business,
        objectId: review.objectId,
        before: { reviewId: review.id, stepStartedAt: review.stepStartedAt },
        after: { stepStartedAt: now }
      });
    }
    return { reviewId: review.id, stepStartedAt: now, version: updated.version };
  }
});

// src/modules/approval/audit-config.service.ts
var RESOURCE = "sys_audit_config";
var pick2 = (lang, zh, en2) => lang === "en" ? en2 ?? zh : zh;
var stepsOf2 = async (db, configIds, lang) => {
  const out = new Map(configIds.map((id2) => [id2, []]));
  if (configIds.length === 0) return out;
  const rows = await db.select({
    step: auditConfigSteps,
    departName: departments.departName,
    departNameEn: departments.departNameEn,
    roleName: roles.roleName,
    roleNameEn: roles.roleNameEn
  }).from(auditConfigSteps).leftJoin(departments, eq6(departments.orgCode, auditConfigSteps.orgCode)).leftJoin(roles, eq6(roles.roleCode, auditConfigSteps.roleCode)).where(inArray2(auditConfigSteps.configId, configIds)).orderBy(asc4(auditConfigSteps.configId), asc4(auditConfigSteps.stepNo));
  for (const { step: s, ...names } of rows) {
    out.get(s.configId)?.push({
      id: s.id,
      stepNo: s.stepNo,
      stepName: s.stepName,
      deptType: s.deptType,
      orgCode: s.orgCode,
      departName: pick2(lang, names.departName, names.departNameEn),
      roleCode: s.roleCode,
      roleName: pick2(lang, names.roleName, names.roleNameEn),
      timeLimitHours: s.timeLimitHours
    });
  }
  return out;
};
var toConfig = (c, steps) => ({
  id: c.id,
  business: c.business,
  name: c.name,
  repeatAudit: c.repeatAudit,
  rejectFlow: c.rejectFlow,
  forbidSelfApproval: c.forbidSelfApproval,
  status: c.status === "1" ? "1" : "0",
  description: c.description,
  version: c.version,
  createAt: c.createAt.toISOString(),
  updateAt: c.updateAt?.toISOString() ?? null,
  steps
});
var assertReferences = async (db, steps) => {
  const roleCodes = [...new Set(steps.map((s) => s.roleCode))];
  const orgCodes = [...new Set(steps.filter((s) => s.deptType === StepDeptType.Fixed).map((s) => s.orgCode))];
  const knownRoles = new Set(
    (await db.select({ c: roles.roleCode }).from(roles).where(inArray2(roles.roleCode, roleCodes))).map((r) => r.c)
  );
  const knownDepts = new Set(
    orgCodes.length === 0 ? [] : (await db.select({ c: departments.orgCode }).from(departments).where(inArray2(departments.orgCode, orgCodes))).map((r) => r.c)
  );
  const unknownRoles = roleCodes.filter((c) => !knownRoles.has(c));
  const unknownDepartments = orgCodes.filter((c) => !knownDepts.has(c));
  if (unknownRoles.length > 0 || unknownDepartments.length > 0) {
    fail(Errors.ParameterError, { unknownRoles, unknownDepartments });
  }
};
var stepValues = (configId, steps) => steps.map((s, i) => ({
  configId,
  stepNo: i + 1,
  stepName: s.stepName ?? null,
  deptType: s.deptType,
  orgCode: s.deptType === StepDeptType.Fixed ? s.orgCode ?? null : null,
  roleCode: s.roleCode,
  timeLimitHours: s.timeLimitHours ?? null
}));
var configValues = (input) => ({
  business: input.business,
  name: input.name,
  repeatAudit: input.repeatAudit,
  rejectFlow: input.rejectFlow,
  forbidSelfApproval: input.forbidSelfApproval,
  status: input.status,
  description: input.description ?? null
});
var setOthersAside = async (tx, input, keepId, req) => {
  if (input.status !== "1") return;
  const aside = await tx.update(auditConfigs).set({
    status: "0",
    version: sql7`${auditConfigs.version} + 1`,
    updateAt: /* @__PURE__ */ new Date(),
    updateBy: req.principal?.userId ?? null
  }).where(
    and5(
      eq6(auditConfigs.business, input.business),
      eq6(auditConfigs.status, "1"),
      keepId ? ne2(auditConfigs.id, keepId) : void 0
    )
  ).returning({ id: auditConfigs.id });
  for (const row of aside) {
    await recordOperation(tx, req, {
      operation: `${RESOURCE}:edit`,
      resource: RESOURCE,
      objectId: row.id,
      before: { status: "1" },
      after: { status: "0" }
    });
  }
};
var createAuditConfigService = (db) => {
  const load = async (where, lang) => {
    const rows = await db.select().from(auditConfigs).where(where).orderBy(asc4(auditConfigs.business), desc2(auditConfigs.status), desc2(auditConfigs.createAt));
    const steps = await stepsOf2(
      db,
      rows.map((r) => r.id),
      lang
    );
    return rows.map((r) => toConfig(r, steps.get(r.id) ?? []));
  };
  const byId = async (id2, lang) => {
    const [config2] = await load(eq6(auditConfigs.id, id2), lang);
    if (!config2) notFound();
    return config2;
  };
  return {
    /** The configs of one business, the one in force first. */
    listByBusiness: (business, lang) => load(eq6(auditConfigs.business, business), lang),
    listAll: (filter, lang) => load(
      and5(
        filter.business ? eq6(auditConfigs.business, filter.business) : void 0,
        filter.status ? eq6(auditConfigs.status, filter.status) : void 0
      ),
      lang
    ),
    byId,
    async add(input, req, lang) {
      const id2 = await db.transaction(async (tx) => {
        await assertReferences(tx, input.steps);
        await setOthersAside(tx, input, null, req);
        const [row] = await tx.insert(auditConfigs).values({ ...configValues(input), createBy: req.principal?.userId ?? null }).returning();
        if (!row) fail(Errors.OperationFailed);
        await tx.insert(auditConfigSteps).values(stepValues(row.id, input.steps));
        await recordOperation(tx, req, {
          operation: `${RESOURCE}:add`,
          resource: RESOURCE,
          objectId: row.id,
          after: input
        });
        return row.id;
      });
      return byId(id2, lang);
    },
    async edit(input, req, lang) {
      const before = await byId(input.id, lang);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(auditConfigs).where(eq6(auditConfigs.id, input.id)).for("update");
        if (!locked) notFound();
        if (locked.version !== input.version) staleVersion();
        await assertReferences(tx, input.steps);
        await setOthersAside(tx, input, input.id, req);
        await tx.update(auditConfigs).set({
          ...configValues(input),
          version: locked.version + 1,
          updateAt: /* @__PURE__ */ new Date(),
          updateBy: req.principal?.userId ?? null
        }).where(eq6(auditConfigs.id, input.id));
        await tx.delete(auditConfigSteps).where(eq6(auditConfigSteps.configId, input.id));
        await tx.insert(auditConfigSteps).values(stepValues(input.id, input.steps));
        await recordOperation(tx, req, {
          operation: `${RESOURCE}:edit`,
          resource: RESOURCE,
          objectId: input.id,
          before,
          after: input
        });
      });
      return byId(input.id, lang);
    },
    /** Refused while reviews under way run on it; finished reviews keep their own copy of the flow. */
    async remove(id2, req, lang) {
      const before = await byId(id2, lang);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(auditConfigs).where(eq6(auditConfigs.id, id2)).for("update");
        if (!locked) notFound();
        const [open2] = await tx.select({ id: reviews.id }).from(reviews).where(and5(eq6(reviews.configId, id2), inArray2(reviews.status, [...OPEN_STATUSES]))).limit(1);
        if (open2) fail(Errors.InUseCannotDelete);
        await tx.delete(auditConfigs).where(eq6(auditConfigs.id, id2));
        await recordOperation(tx, req, {
          operation: `${RESOURCE}:delete`,
          resource: RESOURCE,
          objectId: id2,
          before
        });
      });
    }
  };
};

// src/modules/approval/audit-config.routes.ts
var FLOW_READERS = [
  "sys_audit_config:view",
  "audit_detail:view",
  "sale_order:view",
  "pro_product:view",
  "sale_apply_modify:view",
  "sale_order_delete:view"
];
var IdQuerySchema2 = z17.object({ id: z17.string().uuid() });
var auditConfigRoutes = async (app2) => {
  const service = createAuditConfigService(app2.deps.database.db);
  const tags3 = ["approval"];
  app2.get(
    "/sys/auditConfig/queryConfigList",
    {
      config: { permission: FLOW_READERS },
      schema: {
        tags: tags3,
        summary: "The configs of one business with their steps, the one in force first",
        querystring: AuditConfigListQuerySchema,
        response: okResponse(z17.array(AuditConfigSchema))
      }
    },
    async (req) => ok(await service.listByBusiness(req.query.business, requestLang(req)))
  );
  app2.get(
    "/sys/auditConfig/queryAllConfigList",
    {
      config: { permission: "sys_audit_config:view" },
      schema: {
        tags: tags3,
        summary: "Every config with its steps, optionally of one business or status",
        querystring: AuditConfigAllQuerySchema,
        response: okResponse(z17.array(AuditConfigSchema))
      }
    },
    async (req) => ok(await service.listAll(req.query, requestLang(req)))
  );
  app2.get(
    "/sys/auditConfig/queryById",
    {
      config: { permission: "sys_audit_config:view" },
      schema: {
        tags: tags3,
        summary: "One config with its steps",
        querystring: IdQuerySchema2,
        response: okResponse(AuditConfigSchema)
      }
    },
    async (req) => ok(await service.byId(req.query.id, requestLang(req)))
  );
  app2.post(
    "/sys/auditConfig/add",
    {
      config: { permission: "sys_audit_config:add" },
      schema: {
        tags: tags3,
        summary: "Add a config; in force, it sets the business\u2019s previous one aside",
        body: AuditConfigInputSchema,
        response: okResponse(AuditConfigSchema)
      }
    },
    async (req) => ok(await service.add(req.body, req, requestLang(req)))
  );
  app2.route({
    method: ["PUT", "POST"],
    url: "/sys/auditConfig/edit",
    config: { permission: "sys_audit_config:edit" },
    schema: {
      tags: tags3,
      summary: "Edit a config and replace its steps; a stale version answers 409",
      body: AuditConfigEditSchema,
      response: okResponse(AuditConfigSchema)
    },
    handler: async (req) => ok(await service.edit(req.body, req, requestLang(req)))
  });
  app2.delete(
    "/sys/auditConfig/delete",
    {
      config: { permission: "sys_audit_config:delete" },
      schema: {
        tags: tags3,
        summary: "Delete a config; refused while reviews under way run on it",
        querystring: IdQuerySchema2,
        response: emptyResponse
      }
    },
    async (req) => {
      await service.remove(req.query.id, req, requestLang(req));
      return ok(null);
    }
  );
};

// src/modules/approval/review.routes.ts
import { z as z18 } from "zod";

// src/platform/access.ts
import fp from "fastify-plugin";

// src/platform/memo.ts
var BoundedMap = class extends Map {
  #max;
  constructor(max2) {
    super();
    this.#max = max2;
  }
  set(key2, value) {
    if (!this.has(key2) && this.size >= this.#max) this.delete(this.keys().next().value);
    return super.set(key2, value);
  }
};
var keptFor = (map, owner, make) => {
  let value = map.get(owner);
  if (value === void 0) {
    value = make();
    map.set(owner, value);
  }
  return value;
};

// src/platform/auth/principal.ts
import { and as and6, eq as eq7, gt, inArray as inArray3, isNull as isNull2, or as or2, sql as sql8 } from "drizzle-orm";
var SCOPE_RANK = { personal: 0, department: 1, all: 2 };
var widestScope = (scopes) => {
  let best = "personal";
  for (const s of scopes) {
    if (s in SCOPE_RANK && SCOPE_RANK[s] > SCOPE_RANK[best]) best = s;
  }
  return best;
};
var loadPermissionCodes = async (db, roleIds) => {
  const rows = await db.selectDistinct({ code: permissions.code }).from(permissions).leftJoin(
    rolePermissions,
    and6(eq7(rolePermissions.permissionId, permissions.id), inArray3(rolePermissions.roleId, [...roleIds]))
  ).where(
    or2(
      roleIds.length > 0 ? inArray3(rolePermissions.roleId, [...roleIds]) : void 0,
      and6(eq7(permissions.menuType, 2), eq7(permissions.status, "0"))
    )
  );
  return new Set(rows.map((r) => r.code));
};
var CODES_TTL_MS = 1e4;
var CODES_MAX = 1e3;
var codesByDb = /* @__PURE__ */ new WeakMap();
var codesFor = async (db, roleIds, key2) => {
  const cache = keptFor(codesByDb, db, () => new BoundedMap(CODES_MAX));
  const hit = cache.get(key2);
  if (hit && Date.now() - hit.at < CODES_TTL_MS) return hit.codes;
  const codes = await loadPermissionCodes(db, roleIds);
  cache.set(key2, { codes, at: Date.now() });
  return codes;
};
var principalQuery = (db) => db.select({
  userId: users.id,
  username: users.username,
  realname: users.realname,
  orgCode: users.orgCode,
  lang: users.lang,
  expiresAt: sessions.expiresAt,
  roles: sql8`(
        select json_agg(json_build_object('id', ${roles.id}, 'code', ${roles.roleCode},
          'dataScope', ${roles.dataScope}, 'stamp', ${roles.updateAt}) order by ${roles.id})
        from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`,
  menuStamp: sql8`(select max(${permissions.updateAt})::text from ${permissions})`
}).from(sessions).innerJoin(users, eq7(users.id, sessions.userId)).where(
  and6(
    eq7(sessions.tokenHash, sql8.placeholder("tokenHash")),
    isNull2(sessions.revokedAt),
    gt(sessions.expiresAt, sql8`now()`),
    eq7(users.delFlag, false),
    eq7(users.status, "1")
  )
).limit(1).prepare("resolve_principal");
var prepared = /* @__PURE__ */ new WeakMap();
var resolvePrincipal = async (db, tokenHash) => {
  const [row] = await keptFor(prepared, db, () => principalQuery(db)).execute({ tokenHash });
  if (!row) return null;
  const roleRows = row.roles ?? [];
  const roleIds = roleRows.map((r) => r.id);
  const key2 = `${roleRows.map((r) => `${r.id}@${r.stamp}`).join(",")}|${row.menuStamp}`;
  return {
    userId: row.userId,
    username: row.username,
    realname: row.realname,
    orgCode: row.orgCode,
    lang: parseLang(row.lang),
    roleCodes: roleRows.map((r) => r.code),
    roleIds,
    dataScope: widestScope(roleRows.map((r) => r.dataScope)),
    permissions: await codesFor(db, roleIds, key2),
    tokenHash,
    sessionExpiresAt: row.expiresAt
  };
};

// src/platform/auth/tokens.ts
import { createHash, randomBytes } from "node:crypto";
var newToken = () => {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
};
var hashToken = (token) => createHash("sha256").update(token).digest("hex");

// src/platform/auth/principal-cache.ts
var AUTH_CHANGED_CHANNEL = "auth_changed";
var MAX_AGE_MS = 6e4;
var MAX_ENTRIES = 1e4;
var createPrincipalCache = async (database2) => {
  const entries = new BoundedMap(MAX_ENTRIES);
  let generation = 0;
  let listening = false;
  const forget = () => {
    generation++;
    entries.clear();
  };
  const unlisten = await database2.listen(AUTH_CHANGED_CHANNEL, forget, (now) => {
    forget();
    listening = now;
  });
  listening = true;
  const fresh = (token, now) => {
    const hit = entries.get(token);
    return hit && now < hit.until ? hit.principal : void 0;
  };
  return {
    remembered: (token) => fresh(token, Date.now()),
    async resolve(token) {
      const now = Date.now();
      const known = fresh(token, now);
      if (known) return known;
      const seen = generation;
      const principal = await resolvePrincipal(database2.db, hashToken(token));
      if (principal && listening && seen === generation) {
        entries.set(token, { principal, until: Math.min(now + MAX_AGE_MS, principal.sessionExpiresAt.getTime()) });
      } else {
        entries.delete(token);
      }
      return principal;
    },
    forget,
    close: unlisten
  };
};

// src/platform/access.ts
var TOKEN_HEADER = "x-access-token";
var isApiRoute = (url) => url.startsWith("/api/") && !url.startsWith("/api/docs");
var keysOf = (p) => p === "public" || p === "authenticated" ? [] : typeof p === "string" ? [p] : p;
var checkDeclaration = (route, known) => {
  const where = `${String(route.method)} ${route.url}`;
  const permission = route.config?.permission;
  if (!permission) throw new Error(`${where} declares no permission`);
  for (const key2 of keysOf(permission)) {
    if (!known.has(key2)) throw new Error(`${where} requires unknown permission ${key2}`);
  }
  if (!route.config?.rawResponse && !route.schema?.response && route.method !== "HEAD") {
    throw new Error(`${where} declares no response schema`);
  }
  return permission;
};
var tokenOf = (req) => {
  const header = req.headers[TOKEN_HEADER];
  return typeof header === "string" && header.length > 0 ? header : null;
};
var mayAccess = (principal, permission) => {
  if (permission === "public" || permission === "authenticated") return true;
  return keysOf(permission).some((k) => principal.permissions.has(k));
};
var knownPermissionKeys = () => /* @__PURE__ */ new Set([...allButtonKeys(), ...flattenMenus().map(({ menu }) => menu.code)]);
var READS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
var accessPlugin = fp(async (app2, opts2) => {
  const known = knownPermissionKeys();
  const principals = await createPrincipalCache(opts2.database);
  app2.addHook("onClose", () => principals.close());
  app2.decorate("routeTable", []);
  app2.decorateRequest("principal", null);
  const forget = (_req, _reply, payload, done) => {
    principals.forget();
    done(null, payload);
  };
  app2.addHook("onRoute", (route) => {
    if (!isApiRoute(route.url)) return;
    const permission = checkDeclaration(route, known);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "HEAD") app2.routeTable.push({ method, url: route.url, permission });
    }
    if (methods.some((m) => !READS.has(m)) || route.config?.changesAccess) {
      route.onSend = [...Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : [], forget];
    }
  });
  const refusal = (principal, permission) => {
    if (permission === "public") return void 0;
    if (!principal) return new AppError(Errors.SessionError);
    return mayAccess(principal, permission) ? void 0 : new AppError(Errors.PermissionDenied);
  };
  app2.addHook("onRequest", (req, _reply, done) => {
    const permission = req.routeOptions.config?.permission;
    if (!permission || !isApiRoute(req.routeOptions.url ?? "")) return done();
    const token = tokenOf(req);
    const known2 = token ? principals.remembered(token) : void 0;
    if (!token || known2) {
      req.principal = known2 ?? null;
      return done(refusal(req.principal, permission));
    }
    principals.resolve(token).then((principal) => {
      req.principal = principal;
      done(refusal(principal, permission));
    }, done);
  });
});
var principalOf = (req) => {
  if (!req.principal) throw new AppError(Errors.SessionError);
  return req.principal;
};

// src/modules/approval/review.service.ts
import { and as and7, eq as eq8, inArray as inArray4 } from "drizzle-orm";
var BATCH_LIMIT = 200;
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var createReviewService = (deps) => {
  const { db, engine } = deps;
  const assertVisible = async (principal, reviewId, submitterId) => {
    if (principal.dataScope === "all" || submitterId === principal.userId) return;
    const [decided] = await db.select({ id: reviewDecisions.id }).from(reviewDecisions).where(and7(eq8(reviewDecisions.reviewId, reviewId), eq8(reviewDecisions.userId, principal.userId))).limit(1);
    if (decided) return;
    const m = await engine.membershipsOf(db, principal.userId);
    if (m.roleCodes.length > 0 && m.orgCodes.length > 0) {
      const [step] = await db.select({ id: reviewSteps.id }).from(reviewSteps).where(
        and7(
          eq8(reviewSteps.reviewId, reviewId),
          inArray4(reviewSteps.roleCode, m.roleCodes),
          inArray4(reviewSteps.deptCode, m.orgCodes)
        )
      ).limit(1);
      if (step) return;
    }
    fail(Errors.PermissionDenied);
  };
  return {
    /** Null when the object was never submitted; 404 for an unknown review id. */
    async progress(principal, ref, lang) {
      const review = await engine.find(db, ref);
      if (!review) {
        if ("reviewId" in ref) fail(Errors.NotFound);
        return null;
      }
      await assertVisible(principal, review.id, review.submitterId);
      return engine.progress(db, { reviewId: review.id }, lang);
    },
    /**
     * Approves each review on its own transaction, so one refusal (already decided, not the
     * reviewer, expired...) leaves the others decided; answers per id in the caller's language.
     */
    async batchApprove(req, principal, ids2, note) {
      const list = [...new Set(ids2.split(",").map((s) => s.trim()))].filter(Boolean);
      if (list.length === 0) fail(Errors.SelectRecord);
      if (list.length > BATCH_LIMIT) fail(Errors.ParameterError, { max: BATCH_LIMIT });
      const lang = requestLang(req);
      const results = [];
      for (const id2 of list) {
        try {
          if (!UUID.test(id2)) fail(Errors.AuditRecordNotFound);
          await db.transaction(
            (tx) => engine.decide(tx, { reviewId: id2, decision: ReviewDecision.Approve, note, actor: principal }, { req })
          );
          results.push({ id: id2, success: true, code: OK, message: lang === "en" ? "Approved" : "\u5BA1\u6838\u901A\u8FC7" });
        } catch (e) {
          if (!isAppError(e)) throw e;
          results.push({ id: id2, success: false, code: e.entry.code, message: errorText(e.entry.code, lang) ?? e.message });
        }
      }
      return results;
    }
  };
};

// src/modules/approval/review.routes.ts
var reviewRoutes = async (app2) => {
  const { db } = app2.deps.database;
  const engine = createApprovalEngine({ events: app2.deps.events });
  const service = createReviewService({ db, engine });
  const tags3 = ["approval"];
  app2.get(
    "/sys/todo/list",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags3,
        summary: "The caller's pending reviews across businesses",
        querystring: TodoListQuerySchema,
        response: okResponse(ReviewPageSchema)
      }
    },
    async (req) => ok(await engine.listTodo(db, principalOf(req).userId, req.query, requestLang(req)))
  );
  app2.get(
    "/audit/detail/list",
    {
      config: { permission: "audit_detail:view" },
      schema: {
        tags: tags3,
        summary: "Audit detail list: reviews waiting for the caller (todo) or decided by them (done)",
        querystring: ReviewListQuerySchema,
        response: okResponse(ReviewPageSchema)
      }
    },
    async (req) => {
      const { tab, ...filter } = req.query;
      const userId = principalOf(req).userId;
      const lang = requestLang(req);
      return ok(
        tab === "done" ? await engine.listDone(db, userId, filter, lang) : await engine.listTodo(db, userId, filter, lang)
      );
    }
  );
  app2.post(
    "/audit/detail/audit",
    {
      config: { permission: "audit_detail:audit" },
      schema: {
        tags: tags3,
        summary: "Approve or reject the current step of a review (note required)",
        body: ReviewDecideSchema,
        response: okResponse(ReviewDecisionResultSchema)
      }
    },
    async (req) => {
      const { id: id2, ...input } = req.body;
      const result = await db.transaction(
        (tx) => engine.decide(tx, { reviewId: id2, ...input, actor: principalOf(req) }, { req })
      );
      const { reviewId, ...rest } = result;
      return ok({ id: reviewId, ...rest });
    }
  );
  app2.post(
    "/audit/detail/batchApprove",
    {
      config: { permission: "audit_detail:batchApprove" },
      schema: {
        tags: tags3,
        summary: "Approve several reviews (ids comma-joined); each is decided on its own",
        body: BatchApproveSchema,
        response: okResponse(BatchApproveResultSchema)
      }
    },
    async (req) => ok(await service.batchApprove(req, principalOf(req), req.body.ids, req.body.note))
  );
  app2.get(
    "/audit/detail/progress",
    {
      config: { permission: FLOW_READERS },
      schema: {
        tags: tags3,
        summary: "A review's steps, decisions and the step to show; null when never submitted",
        querystring: ReviewRefQuerySchema,
        response: okResponse(ReviewProgressSchema.nullable())
      }
    },
    async (req) => {
      const q2 = req.query;
      const ref = q2.id ? { reviewId: q2.id } : { business: q2.business, objectId: q2.objectId };
      return ok(await service.progress(principalOf(req), ref, requestLang(req)));
    }
  );
  app2.post(
    "/audit/detail/renewDeadline",
    {
      config: { permission: "sys_audit_config:edit" },
      schema: {
        tags: tags3,
        summary: "Restart the current step's time limit of a review that has expired",
        body: z18.object({ id: z18.string().uuid() }),
        response: okResponse(z18.object({ id: z18.string(), stepStartedAt: z18.string(), version: z18.number().int() }))
      }
    },
    async (req) => {
      const r = await db.transaction(
        (tx) => engine.renewDeadline(tx, { reviewId: req.body.id }, principalOf(req), { req })
      );
      return ok({ id: r.reviewId, stepStartedAt: r.stepStartedAt.toISOString(), version: r.version });
    }
  );
};

// src/modules/approval/index.ts
var approvalModule = async (app2) => {
  await app2.register(auditConfigRoutes);
  await app2.register(reviewRoutes);
};

// src/modules/health.routes.ts
import { sql as sql9 } from "drizzle-orm";
import { z as z19 } from "zod";
var healthRoutes = async (app2) => {
  app2.get(
    "/health",
    {
      config: { permission: "public" },
      schema: {
        tags: ["system"],
        summary: "Answers once the database is reachable (migrations ran before the server listened)",
        response: okResponse(z19.object({ status: z19.literal("ok"), database: z19.enum(["pglite", "pg"]) }))
      }
    },
    async () => {
      await app2.deps.database.db.execute(sql9`select 1`);
      return ok({ status: "ok", database: app2.deps.database.kind });
    }
  );
};

// src/platform/crud/routes.ts
import { z as z22 } from "zod";

// src/platform/crud/resource.ts
import { and as and8, eq as eq9, getTableColumns as getTableColumns2, getTableName } from "drizzle-orm";
var servesVerb = (def, verb) => !def.verbs || def.verbs.includes(verb);
var keyOf = (columns, column, table) => {
  const entry2 = Object.entries(columns).find(([, c]) => c === column);
  if (!entry2) throw new Error(`scope column of ${table} is not one of its columns`);
  return entry2[0];
};
var required = (columns, name, table) => {
  const column = columns[name];
  if (!column) throw new Error(`resource table ${table} has no column ${name}`);
  return column;
};
var compileResource = (def) => {
  const tableName = getTableName(def.table);
  const columns = getTableColumns2(def.table);
  const fields = /* @__PURE__ */ new Map();
  const pinyinCols = def.pinyin ? [required(columns, "namePinyin", tableName), required(columns, "nameInitials", tableName)] : void 0;
  for (const [name, meta] of Object.entries(def.meta.fields)) {
    const column = required(columns, name, tableName);
    fields.set(name, { meta, column, also: name === def.meta.label ? pinyinCols : void 0 });
  }
  const version = columns.version;
  if (!version && (servesVerb(def, "edit") || servesVerb(def, "status"))) {
    throw new Error(`resource table ${tableName} has no version column: it can serve no edit or status change`);
  }
  const { softDelete, baseWhere } = def;
  return {
    ...def,
    tableName,
    columns,
    id: required(columns, "id", tableName),
    version,
    live: () => and8(softDelete ? eq9(softDelete, false) : void 0, baseWhere?.()),
    fields,
    labelColumn: required(columns, def.meta.label, tableName),
    scopeKeys: def.scope ? { org: keyOf(columns, def.scope.org, tableName), owner: keyOf(columns, def.scope.owner, tableName) } : void 0
  };
};

// src/platform/files/detect.ts
import { fileTypeFromBuffer } from "file-type";

// src/platform/files/upload.ts
var UPLOAD_TIMEOUT_MS = 12e4;
var isTooLarge = (e) => e?.code === "FST_REQ_FILE_TOO_LARGE";
var readUpload = async (req, options) => {
  if (!req.isMultipart()) fail(Errors.UploadFailed, { reason: "multipart/form-data expected" });
  const fields = {};
  let file = null;
  let timedOut = false;
  let current = null;
  const timer = setTimeout(() => {
    timedOut = true;
    current?.destroy?.(new Error("upload timed out"));
  }, options.timeoutMs ?? UPLOAD_TIMEOUT_MS);
  try {
    for await (const part of req.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 10 } })) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || file) {
        part.file.resume();
        continue;
      }
      current = part.file;
      file = { buffer: await part.toBuffer(), filename: part.filename ?? "" };
      current = null;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (isTooLarge(e)) fail(options.tooLarge ?? Errors.FileTooLarge, { maxBytes: options.maxBytes });
    fail(Errors.UploadFailed, { reason: timedOut ? "timeout" : "malformed upload" });
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) fail(Errors.UploadFailed, { reason: "timeout" });
  return { file, fields };
};
var extensionOf = (filename) => {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
};

// src/platform/files/detect.ts
var IMAGES = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp"
};
var imageTypeOf = async (bytes) => {
  const type = await fileTypeFromBuffer(bytes);
  return type && IMAGES[type.mime] ? { mime: type.mime, ext: IMAGES[type.mime] } : void 0;
};
var XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
var spreadsheetKindOf = async (bytes) => {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === XLSX_MIME) return "xlsx";
  if (type?.ext === "cfb") return "legacy-xls";
  return void 0;
};
var assertWorkbook = async (file) => {
  if (!["xls", "xlsx"].includes(extensionOf(file.filename))) fail(Errors.FileTypeNotAllowed);
  const kind = await spreadsheetKindOf(file.buffer);
  if (kind === "legacy-xls") fail(Errors.LegacyXlsNotSupported);
  if (kind !== "xlsx") fail(Errors.FileTypeNotAllowed);
};

// src/platform/files/store.ts
import { createHash as createHash2, randomBytes as randomBytes2 } from "node:crypto";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and as and9, asc as asc5, eq as eq10 } from "drizzle-orm";
var displayName = (name) => (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200) || "file";
var createFileStore = (db, filesDir) => {
  const pathOf = (key2) => path.join(filesDir, key2.slice(0, 2), key2);
  return {
    async save(file) {
      const key2 = randomBytes2(16).toString("hex");
      const target = pathOf(key2);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.part`;
      await writeFile(temp, file.buffer, { flag: "wx" });
      await rename(temp, target);
      try {
        const [row] = await db.insert(attachments).values({
          storageKey: key2,
          originalName: displayName(file.name),
          size: file.buffer.length,
          mime: file.mime,
          sha256: createHash2("sha256").update(file.buffer).digest("hex"),
          kind: file.kind,
          tableDic: file.tableDic ?? null,
          objectId: file.objectId ?? null,
          createBy: file.createBy
        }).returning();
        return row;
      } catch (e) {
        await rm(target, { force: true });
        throw e;
      }
    },
    async find(id2) {
      const [row] = await db.select().from(attachments).where(eq10(attachments.id, id2)).limit(1);
      return row;
    },
    /** The attachments of one record, oldest first. */
    listFor: (tableDic, objectId) => db.select().from(attachments).where(and9(eq10(attachments.tableDic, tableDic), eq10(attachments.objectId, objectId))).orderBy(asc5(attachments.createAt)),
    /** A stream of the stored bytes, or null when they are gone from disk. */
    async open(file) {
      const handle = await open(pathOf(file.storageKey), "r").catch(() => null);
      return handle ? handle.createReadStream() : null;
    }
  };
};

// src/platform/excel/columns.ts
var parseTitles = (r, langJson) => {
  if (langJson === void 0 || langJson.trim() === "") return void 0;
  let parsed;
  try {
    parsed = JSON.parse(langJson);
  } catch {
    return fail(Errors.UnsupportedQuery, { langJson: "invalid JSON" });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return fail(Errors.UnsupportedQuery, { langJson: "not an object" });
  }
  return Object.entries(parsed).map(([field, title]) => {
    if (!r.fields.has(field)) fail(Errors.UnsupportedQuery, { field });
    const text9 = typeof title === "string" || typeof title === "number" ? String(title).trim().slice(0, 100) : "";
    return [field, text9 || field];
  });
};
var inExcel = (meta) => meta.excel !== false;
var exportColumns = (r, langJson) => {
  const titles = parseTitles(r, langJson) ?? [...r.fields.keys()].map((f) => [f, f]);
  return titles.map(([field, title]) => ({ field, title, meta: r.fields.get(field).meta })).filter((c) => inExcel(c.meta));
};
var normTitle = (text9) => text9.trim().replace(/^\*|\*$/g, "").trim().toLowerCase();
var importHeaderMap = (r, langJson) => {
  const importable = (field) => {
    const meta = r.fields.get(field)?.meta;
    return meta && inExcel(meta) && !meta.readOnly && field in r.input.shape ? meta : void 0;
  };
  const byTitle = /* @__PURE__ */ new Map();
  for (const field of r.fields.keys()) {
    const meta = importable(field);
    if (meta) byTitle.set(normTitle(field), { field, title: field, meta });
  }
  for (const [field, title] of parseTitles(r, langJson) ?? []) {
    const meta = importable(field);
    if (meta) byTitle.set(normTitle(title), { field, title, meta });
  }
  return byTitle;
};
var headerKey = normTitle;

// src/platform/excel/export.ts
import { once } from "node:events";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { z as z20 } from "zod";

// src/platform/files/access.ts
var UUID2 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var isAdministrator = (principal) => principal.roleCodes.includes(RoleCode.SysAdmin);
var ownerResource = (resources, tableDic) => resources.get(tableDic) ?? resources.byTable(tableDic) ?? fail(Errors.ParameterError, { tableDic });
var assertMayReadRecord = async (resources, principal, tableDic, objectId) => {
  const owner = ownerResource(resources, tableDic);
  if (!principal.permissions.has(owner.compiled.meta.menu)) fail(Errors.PermissionDenied);
  if (!UUID2.test(objectId)) fail(Errors.ParameterError, { objectId });
  try {
    await owner.service.get(principal, objectId);
  } catch (e) {
    if (isAppError(e) && e.entry.code === Errors.NotFound.code) fail(Errors.PermissionDenied);
    throw e;
  }
  return owner;
};
var assertMayReadFile = async (resources, principal, file) => {
  if (file.tableDic && file.objectId) {
    await assertMayReadRecord(resources, principal, file.tableDic, file.objectId);
    return;
  }
  if (file.createBy !== principal.userId && !isAdministrator(principal)) fail(Errors.PermissionDenied);
};
var attachmentDisposition = (name) => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

// src/platform/excel/dicts.ts
import { eq as eq11, inArray as inArray5 } from "drizzle-orm";
var loadDictTexts = async (db, codes) => {
  const out = /* @__PURE__ */ new Map();
  if (codes.length === 0) return out;
  const rows = await db.select({ dict: dictTypes.dictCode, value: dictItems.value, zh: codeTable.zh, en: codeTable.en }).from(dictItems).innerJoin(dictTypes, eq11(dictTypes.id, dictItems.dictId)).leftJoin(codeTable, eq11(codeTable.id, dictItems.textId)).where(inArray5(dictTypes.dictCode, [...new Set(codes)]));
  for (const row of rows) {
    const items = out.get(row.dict) ?? [];
    items.push({ value: row.value, zh: row.zh ?? row.value, en: row.en ?? row.value });
    out.set(row.dict, items);
  }
  return out;
};
var dictText = (dicts, dict, value, lang) => dicts.get(dict)?.find((i) => i.value === value)?.[lang] ?? value;
var norm = (text9) => text9.trim().toLowerCase();
var dictValue = (dicts, dict, text9) => {
  const items = dicts.get(dict) ?? [];
  const t = norm(text9);
  return (items.find((i) => i.value === text9.trim()) ?? items.find((i) => norm(i.zh) === t || norm(i.en) === t) ?? items.find((i) => norm(i.value) === t))?.value;
};

// src/platform/excel/cells.ts
var pad = (n) => String(n).padStart(2, "0");
var formatDateTime = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
var toCell = (meta, value, ctx) => {
  if (value === null || value === void 0 || value === "") return null;
  if (meta.ref) return ctx.labels?.get(String(value)) ?? String(value);
  switch (meta.type) {
    case "dict":
      return meta.dict ? dictText(ctx.dicts, meta.dict, String(value), ctx.lang) : String(value);
    case "number": {
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case "datetime": {
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime()) ? String(value) : formatDateTime(d);
    }
    case "date":
      return value instanceof Date ? formatDateTime(value).slice(0, 10) : String(value).slice(0, 10);
    default:
      return String(value);
  }
};
var cellContent = (value) => {
  if (value === null || value === void 0) return null;
  if (value instanceof Date || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if ("richText" in value) return cellContent(value.richText.map((t) => t.text).join(""));
  if ("result" in value) return cellContent(value.result ?? null);
  if ("text" in value) return cellContent(value.text);
  return null;
};
var ymd = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
var formValue = (meta, content) => {
  switch (meta.type) {
    case "number":
      return content instanceof Date ? content.toISOString() : content;
    case "date":
      return content instanceof Date ? ymd(content) : String(content);
    case "datetime":
      return content instanceof Date ? new Date(content.getTime() + content.getTimezoneOffset() * 6e4) : new Date(String(content));
    default:
      return content instanceof Date ? `${ymd(content)}` : String(content);
  }
};

// src/platform/excel/refs.ts
var MAX_CACHED = 5e4;
var createRefLabels = (resources, principal, columns) => {
  const cache = /* @__PURE__ */ new Map();
  const refColumns = columns.filter((c) => c.meta.ref && resources.get(c.meta.ref.resource));
  return {
    /** The labels for the references in these rows, by referenced resource name. */
    async load(rows) {
      for (const c of refColumns) {
        const name = c.meta.ref.resource;
        let known = cache.get(name);
        if (!known || known.size > MAX_CACHED) {
          known = /* @__PURE__ */ new Map();
          cache.set(name, known);
        }
        const missing = /* @__PURE__ */ new Set();
        for (const row of rows) {
          const id2 = row[c.field];
          if (typeof id2 === "string" && id2 && !known.has(id2)) missing.add(id2);
        }
        if (missing.size === 0) continue;
        const found = await resources.get(name).service.labels(principal, [...missing]);
        for (const id2 of missing) known.set(id2, found.get(id2) ?? id2);
      }
      return cache;
    }
  };
};

// src/platform/excel/export.ts
var BATCH = 1e3;
var SelectionsSchema = z20.array(z20.string().uuid()).min(1).max(1e3);
var parseSelections = (selections) => {
  if (!selections?.trim()) return void 0;
  const ids2 = [
    ...new Set(
      selections.split(",").map((s) => s.trim()).filter(Boolean)
    )
  ];
  const parsed = SelectionsSchema.safeParse(ids2);
  return parsed.success ? parsed.data : fail(Errors.ParameterError, { selections: "ids expected" });
};
var pad2 = (n) => String(n).padStart(2, "0");
var exportFileName = (resource, at = /* @__PURE__ */ new Date()) => `${resource}_${at.getFullYear()}${pad2(at.getMonth() + 1)}${pad2(at.getDate())}${pad2(at.getHours())}${pad2(at.getMinutes())}${pad2(at.getSeconds())}.xlsx`;
var widthOf = (c) => c.meta.type === "datetime" ? 20 : Math.min(40, Math.max(12, [...c.title].length * 2 + 2));
var zipInputOf = (sheet) => sheet.stream?.pipes?.[0];
var sendExport = async (deps, resource, { principal, lang, query }, req, reply) => {
  const r = resource.compiled;
  const columns = exportColumns(r, query.langJson);
  if (columns.length === 0) fail(Errors.UnsupportedQuery, { langJson: "no exportable column" });
  const batches = resource.service.scan(principal, query, {
    ids: parseSelections(query.selections),
    batchSize: BATCH,
    fields: columns.map((c) => c.field)
  });
  const first = await batches.next();
  if (first.done || first.value.length === 0) fail(Errors.NoDataToExportOrImport);
  const dicts = await loadDictTexts(
    deps.db,
    columns.flatMap((c) => c.meta.type === "dict" && c.meta.dict ? [c.meta.dict] : [])
  );
  const refs = createRefLabels(deps.resources, principal, columns);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(r.meta.name.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.title, key: c.field, width: widthOf(c) }));
  let gone = false;
  const closed = once(out, "close").catch(() => {
  }).then(() => {
    gone = true;
  });
  const write = async () => {
    try {
      let batch = first.value;
      for (; ; ) {
        const labels = await refs.load(batch);
        for (const row of batch) {
          const values2 = columns.map(
            (c) => toCell(c.meta, row[c.field], {
              lang,
              dicts,
              labels: c.meta.ref ? labels.get(c.meta.ref.resource) : void 0
            })
          );
          sheet.addRow(values2).commit();
        }
        const zipIn = zipInputOf(sheet);
        if (zipIn?._writableState?.needDrain && !gone)
          await Promise.race([once(zipIn, "drain").catch(() => {
          }), closed]);
        if (out.writableNeedDrain && !gone) await Promise.race([once(out, "drain").catch(() => {
        }), closed]);
        if (gone) return;
        const next = await batches.next();
        if (next.done) break;
        batch = next.value;
      }
      sheet.commit();
      await workbook.commit();
    } finally {
      await batches.return(void 0);
    }
  };
  write().catch((e) => {
    req.log.error({ err: e }, "export failed while streaming");
    out.destroy(e);
  });
  return reply.header("content-disposition", attachmentDisposition(exportFileName(r.meta.name))).header("cache-control", "no-store").type(XLSX_MIME).send(out);
};

// src/platform/excel/import.ts
import ExcelJS2 from "exceljs";

// src/platform/excel/texts.ts
var importTexts = {
  zh: {
    errorColumn: "\u9519\u8BEF\u4FE1\u606F",
    repeatsRow: (title, row) => `${title}: \u4E0E\u7B2C ${row} \u884C\u91CD\u590D`,
    unknownValue: (title, text9) => `${title}: \u65E0\u6548\u7684\u503C\u300C${text9}\u300D`,
    notFound: (title, text9) => `${title}: \u627E\u4E0D\u5230\u300C${text9}\u300D`,
    ambiguous: (title, text9) => `${title}: \u300C${text9}\u300D\u5BF9\u5E94\u591A\u6761\u8BB0\u5F55`,
    exists: (title, text9, duplicate) => `${title}: ${duplicate}\uFF08${text9}\uFF09`,
    noColumns: "\u8868\u5934\u4E2D\u6CA1\u6709\u53EF\u5BFC\u5165\u7684\u5217\uFF0C\u8BF7\u4F7F\u7528\u5BFC\u51FA\u6587\u4EF6\u7684\u8868\u5934",
    imported: (n) => `\u6210\u529F\u5BFC\u5165 ${n} \u6761\u6570\u636E`,
    rejected: (failed, total) => `\u5171 ${total} \u884C\uFF0C\u5176\u4E2D ${failed} \u884C\u6709\u9519\u8BEF\uFF0C\u672A\u5BFC\u5165\u4EFB\u4F55\u6570\u636E\u3002\u8BF7\u4E0B\u8F7D\u9519\u8BEF\u6587\u4EF6\uFF0C\u4FEE\u6539\u540E\u91CD\u65B0\u5BFC\u5165`,
    interrupted: "\u5BFC\u5165\u5DF2\u4E2D\u65AD\uFF0C\u8BF7\u91CD\u65B0\u5BFC\u5165"
  },
  en: {
    errorColumn: "Errors",
    repeatsRow: (title, row) => `${title}: same as row ${row}`,
    unknownValue: (title, text9) => `${title}: unknown value "${text9}"`,
    notFound: (title, text9) => `${title}: "${text9}" not found`,
    ambiguous: (title, text9) => `${title}: "${text9}" matches several records`,
    exists: (title, text9, duplicate) => `${title}: ${duplicate} (${text9})`,
    noColumns: "No column of the header row can be imported; use the header of an exported file",
    imported: (n) => `${n} rows imported`,
    rejected: (failed, total) => `${failed} of ${total} rows have errors; nothing was imported. Download the error file, correct it and import it again`,
    interrupted: "The import was interrupted; please import the file again"
  }
};
var ERROR_COLUMN_TITLES = new Set(Object.values(importTexts).map((t) => t.errorColumn.toLowerCase()));

// src/platform/excel/import-rows.ts
var readHeader = (sheet, byTitle) => {
  const columns = /* @__PURE__ */ new Map();
  const taken = /* @__PURE__ */ new Set();
  sheet.getRow(1).eachCell((cell, n) => {
    const text9 = cellContent(cell.value);
    const column = text9 === null ? void 0 : byTitle.get(headerKey(String(text9)));
    if (column && !taken.has(column.field)) {
      taken.add(column.field);
      columns.set(n, { ...column, title: String(text9).trim() });
    }
  });
  return columns;
};
var readRows = (sheet, columns) => {
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = /* @__PURE__ */ new Map();
    for (const [n, c] of columns) {
      const content = cellContent(row.getCell(n).value);
      if (content !== null) cells.set(c.field, content);
    }
    if (cells.size > 0) rows.push({ rowNumber, cells });
  });
  return rows;
};
var checkRows = async (rows, check3) => {
  const { resource, resources, principal, lang, dicts, columns, titleOf } = check3;
  const t = importTexts[lang];
  const r = resource.compiled;
  const byField = new Map(columns.map((c) => [c.field, c]));
  const title = (field) => byField.get(field)?.title ?? titleOf(field);
  const refIds = /* @__PURE__ */ new Map();
  for (const c of columns) {
    if (!c.meta.ref) continue;
    const target = resources.get(c.meta.ref.resource);
    const labels = rows.flatMap((row) => row.cells.has(c.field) ? [String(row.cells.get(c.field)).trim()] : []);
    refIds.set(c.field, target ? await target.service.idsByLabel(principal, labels) : /* @__PURE__ */ new Map());
  }
  const uniqueFields = (r.meta.unique ?? []).filter((f) => byField.has(f));
  const taken = /* @__PURE__ */ new Map();
  for (const f of uniqueFields) {
    const values2 = rows.flatMap((row) => row.cells.has(f) ? [String(row.cells.get(f)).trim()] : []);
    taken.set(f, await resource.service.existing(f, values2));
  }
  const seen = new Map(uniqueFields.map((f) => [f, /* @__PURE__ */ new Map()]));
  const inputs = [];
  const errors = /* @__PURE__ */ new Map();
  for (const [i, row] of rows.entries()) {
    const messages2 = [];
    const values2 = {};
    for (const [field, content] of row.cells) {
      const meta = byField.get(field).meta;
      const text9 = String(content).trim();
      if (meta.ref) {
        const ids2 = refIds.get(field)?.get(text9);
        if (!ids2) messages2.push(t.notFound(title(field), text9));
        else if (ids2.length > 1) messages2.push(t.ambiguous(title(field), text9));
        else values2[field] = ids2[0];
      } else if (meta.type === "dict" && meta.dict) {
        const value = dictValue(dicts, meta.dict, text9);
        if (value === void 0) messages2.push(t.unknownValue(title(field), text9));
        else values2[field] = value;
      } else values2[field] = formValue(meta, content);
    }
    for (const f of uniqueFields) {
      const value = row.cells.has(f) ? String(row.cells.get(f)).trim() : "";
      if (!value) continue;
      const first = seen.get(f).get(value);
      if (first !== void 0) messages2.push(t.repeatsRow(title(f), first));
      else seen.get(f).set(value, row.rowNumber);
      if (taken.get(f).has(value)) messages2.push(t.exists(title(f), value, Errors.DuplicateValue[lang]));
    }
    const parsed = r.input.safeParse(values2);
    if (!parsed.success) {
      for (const issue of localizeIssues(parsed.error.issues, lang)) {
        const field = issue.path.split(".")[0] ?? "";
        if (!(field in values2) && row.cells.has(field)) continue;
        messages2.push(field ? `${title(field)}: ${issue.message}` : issue.message);
      }
    }
    if (messages2.length > 0) errors.set(row.rowNumber, messages2.join("; "));
    else if (parsed.success) inputs.push(parsed.data);
    if ((i + 1) % 1e3 === 0) await check3.onProgress?.(i + 1);
  }
  return { inputs, errors };
};

// src/platform/excel/import.ts
var errorWorkbook = async (workbook, sheet, errors, title) => {
  const header = sheet.getRow(1);
  let col = 0;
  header.eachCell((cell, n) => {
    if (ERROR_COLUMN_TITLES.has(
      String(cell.value ?? "").trim().toLowerCase()
    ))
      col = n;
  });
  if (col === 0) col = header.cellCount + 1;
  header.getCell(col).value = title;
  header.getCell(col).font = { bold: true, color: { argb: "FFC00000" } };
  for (let n = 2; n <= sheet.rowCount; n++) {
    const cell = sheet.getRow(n).getCell(col);
    const message = errors.get(n);
    cell.value = message ?? null;
    if (message) cell.font = { color: { argb: "FFC00000" } };
  }
  sheet.getColumn(col).width = 60;
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
var runImport = async (deps, resource, run) => {
  const { jobs } = deps;
  const { jobId, principal, lang } = run;
  const t = importTexts[lang];
  const r = resource.compiled;
  try {
    const workbook = new ExcelJS2.Workbook();
    await workbook.xlsx.load(run.buffer).catch(() => fail(Errors.FileTypeNotAllowed));
    const sheet = workbook.worksheets[0];
    const columns = sheet ? readHeader(sheet, importHeaderMap(r, run.langJson)) : /* @__PURE__ */ new Map();
    if (!sheet || columns.size === 0) {
      await jobs.finish(jobId, { status: "failed", message: t.noColumns });
      return;
    }
    const rows = readRows(sheet, columns);
    if (rows.length === 0) {
      await jobs.finish(jobId, { status: "failed", message: Errors.NoDataToExportOrImport[lang] });
      return;
    }
    const total = rows.length;
    await jobs.phase(jobId, "validating", { total });
    const titles = new Map(parseTitles(r, run.langJson) ?? []);
    const dictCodes2 = [...columns.values()].flatMap((c) => c.meta.type === "dict" && c.meta.dict ? [c.meta.dict] : []);
    const { inputs, errors } = await checkRows(rows, {
      resource,
      resources: deps.resources,
      principal,
      lang,
      dicts: await loadDictTexts(deps.db, dictCodes2),
      columns: [...columns.values()],
      titleOf: (field) => titles.get(field) ?? field,
      onProgress: (processed) => jobs.progress(jobId, processed)
    });
    if (errors.size > 0) {
      const file = await deps.files.save({
        buffer: await errorWorkbook(workbook, sheet, errors, t.errorColumn),
        name: exportFileName(`${r.meta.name}_errors`),
        mime: XLSX_MIME,
        kind: "import-error",
        createBy: principal.userId
      });
      await jobs.finish(jobId, {
        status: "failed",
        processed: total,
        failed: errors.size,
        errorFileId: file.id,
        message: t.rejected(errors.size, total)
      });
      return;
    }
    await jobs.phase(jobId, "writing", { processed: 0 });
    const imported = await resource.service.addMany(run.request, principal, inputs, {
      operation: "import",
      onProgress: (written) => {
        jobs.progress(jobId, written).catch(() => {
        });
      }
    });
    await jobs.finish(jobId, { status: "done", processed: total, imported, message: t.imported(imported) });
  } catch (e) {
    if (!isAppError(e)) run.log.error({ err: e, jobId }, "import failed");
    const message = isAppError(e) ? e.entry[lang] : errorText(Errors.SystemError.code, lang) ?? "";
    await jobs.finish(jobId, { status: "failed", message }).catch(() => {
    });
  }
};

// src/platform/excel/import-jobs.ts
import { and as and10, eq as eq12, lt } from "drizzle-orm";
var STALE_JOB_MS = 10 * 6e4;
var createImportJobs = (db) => ({
  async create(userId, resource) {
    const [row] = await db.insert(importJobs).values({ userId, resource }).returning({ id: importJobs.id });
    return row.id;
  },
  async phase(id2, phase, counts = {}) {
    await db.update(importJobs).set({ phase, ...counts, updateAt: /* @__PURE__ */ new Date() }).where(and10(eq12(importJobs.id, id2), eq12(importJobs.status, "running")));
  },
  async progress(id2, processed) {
    await db.update(importJobs).set({ processed, updateAt: /* @__PURE__ */ new Date() }).where(and10(eq12(importJobs.id, id2), eq12(importJobs.status, "running"), lt(importJobs.processed, processed)));
  },
  async finish(id2, result) {
    await db.update(importJobs).set({ ...result, phase: "finished", updateAt: /* @__PURE__ */ new Date() }).where(eq12(importJobs.id, id2));
  },
  async get(id2) {
    const [row] = await db.select().from(importJobs).where(eq12(importJobs.id, id2)).limit(1);
    return row;
  }
});
var progressOf = (job, lang, now = Date.now()) => {
  const stale = job.status === "running" && now - job.updateAt.getTime() > STALE_JOB_MS;
  return {
    jobId: job.id,
    status: stale ? "failed" : job.status,
    phase: stale ? "finished" : job.phase,
    processed: job.processed,
    total: job.total,
    imported: job.imported,
    failed: job.failed,
    errorFileId: job.errorFileId,
    message: stale ? importTexts[lang].interrupted : job.message
  };
};
var CONCURRENT_IMPORTS = 2;
var runners = /* @__PURE__ */ new WeakMap();
var newRunner = () => {
  const running = /* @__PURE__ */ new Set();
  const queue = [];
  let active = 0;
  const next = () => {
    while (active < CONCURRENT_IMPORTS && queue.length > 0) {
      const job = queue.shift();
      active++;
      const p = job().catch(() => {
      }).finally(() => {
        active--;
        running.delete(p);
        next();
      });
      running.add(p);
    }
  };
  return {
    start(job) {
      queue.push(job);
      next();
    },
    /** Waits for the running and queued jobs (the app is closing). */
    async drain() {
      while (running.size > 0 || queue.length > 0) await Promise.allSettled([...running]);
    }
  };
};
var importRunnerOf = (app2) => {
  let runner = runners.get(app2.deps);
  if (!runner) {
    const created = newRunner();
    runners.set(app2.deps, created);
    app2.addHook("onClose", () => created.drain());
    runner = created;
  }
  return runner;
};

// src/platform/excel/routes.ts
var IMPORT_MAX_BYTES = 20 * 1024 * 1024;
var registerExcelRoutes = (parent, resource) => {
  const app2 = parent.withTypeProvider();
  const { base, menu, name } = resource.compiled.meta;
  const tags3 = [name];
  const { db } = app2.deps.database;
  const exportDeps = { db, resources: app2.deps.resources };
  const summary = `Export ${name} to xlsx: the list query or its selections; langJson titles the columns`;
  if (servesVerb(resource.compiled, "export"))
    app2.get(
      `${base}/exportXls`,
      {
        config: { permission: `${menu}:export`, rawResponse: true },
        schema: { tags: tags3, summary, querystring: ExportQuerySchema }
      },
      (req, reply) => sendExport(
        exportDeps,
        resource,
        { principal: principalOf(req), lang: requestLang(req), query: req.query },
        req,
        reply
      )
    );
  if (servesVerb(resource.compiled, "export"))
    app2.post(
      `${base}/exportXls`,
      {
        config: { permission: `${menu}:export`, rawResponse: true },
        schema: { tags: tags3, summary, body: ExportQuerySchema }
      },
      (req, reply) => sendExport(
        exportDeps,
        resource,
        { principal: principalOf(req), lang: requestLang(req), query: req.body },
        req,
        reply
      )
    );
  const jobs = createImportJobs(db);
  const runner = importRunnerOf(app2);
  if (servesVerb(resource.compiled, "import"))
    app2.post(
      `${base}/importExcel`,
      {
        config: { permission: `${menu}:import` },
        schema: {
          tags: tags3,
          summary: `Import ${name} from xlsx (multipart: file, langJson): all rows or none; poll /sys/import/progress`,
          consumes: ["multipart/form-data"],
          response: okResponse(ImportStartSchema)
        }
      },
      async (req) => {
        const principal = principalOf(req);
        const upload = await readUpload(req, { maxBytes: IMPORT_MAX_BYTES, tooLarge: Errors.UploadFailed });
        const file = upload.file ?? fail(Errors.UploadFailed, { reason: "file missing" });
        await assertWorkbook(file);
        const langJson = upload.fields.langJson;
        importHeaderMap(resource.compiled, langJson);
        const jobId = await jobs.create(principal.userId, name);
        const files = createFileStore(db, app2.deps.config.filesDir);
        const run = {
          jobId,
          buffer: file.buffer,
          langJson,
          principal,
          lang: requestLang(req),
          request: requestInfoOf(req),
          log: req.log
        };
        runner.start(() => runImport({ db, resources: app2.deps.resources, files, jobs }, resource, run));
        return ok({ jobId });
      }
    );
};

// src/platform/crud/service.ts
import { randomUUID } from "node:crypto";
import { and as and13, count as count2, eq as eq16, inArray as inArray7, ne as ne4 } from "drizzle-orm";

// src/platform/pinyin.ts
import { pinyin } from "pinyin-pro";
var opts = { toneType: "none", type: "array", nonZh: "consecutive" };
var pinyinOf = (text9) => {
  if (!text9) return { namePinyin: null, nameInitials: null };
  const squash = (parts) => parts.join("").replace(/\s+/g, "").toLowerCase();
  return {
    namePinyin: squash(pinyin(text9, opts)).slice(0, 512),
    nameInitials: squash(pinyin(text9, { ...opts, pattern: "first" })).slice(0, 128)
  };
};
var pinyinCode = (value) => pinyin(value, { ...opts, pattern: "first" }).join("").replace(/[^A-Za-z0-9 -]/g, "").replace(/-{2,}/g, "-").toUpperCase();

// src/platform/crud/reads.ts
import {
  and as and12,
  asc as asc7,
  count,
  desc as desc4,
  eq as eq15,
  fillPlaceholders,
  inArray as inArray6,
  or as or4,
  sql as sql12
} from "drizzle-orm";

// src/platform/data-scope.ts
import { eq as eq14, like, sql as sql11 } from "drizzle-orm";

// src/platform/list-query.ts
import {
  and as and11,
  asc as asc6,
  desc as desc3,
  eq as eq13,
  gt as gt2,
  gte,
  ilike as ilike2,
  isNotNull,
  isNull as isNull3,
  lt as lt2,
  lte,
  ne as ne3,
  or as or3,
  sql as sql10
} from "drizzle-orm";
import { z as z21 } from "zod";
var MAX_IN = 1e3;
var MAX_CONDITIONS = 30;
var escapeLike2 = (value) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
var refuse = (detail) => {
  throw new AppError(Errors.UnsupportedQuery, detail);
};
var parseJson = (text9, what) => {
  try {
    return JSON.parse(text9);
  } catch {
    return refuse({ [what]: "invalid JSON" });
  }
};
var DATE = /^\d{4}-\d{2}-\d{2}$/;
var coerce = (field, meta, value, endOfDay = false) => {
  if (value === null || value === void 0 || typeof value === "object") return refuse({ field, value: "missing" });
  const text9 = String(value).trim();
  if (text9.length > 500) return refuse({ field, value: "too long" });
  switch (meta.type) {
    case "number": {
      const n = Number(text9);
      return text9 !== "" && Number.isFinite(n) ? n : refuse({ field, value: "not a number" });
    }
    case "date":
      return DATE.test(text9) ? text9 : refuse({ field, value: "not a date" });
    case "datetime": {
      const d = DATE.test(text9) ? /* @__PURE__ */ new Date(`${text9}T${endOfDay ? "23:59:59.999" : "00:00:00"}`) : new Date(text9);
      return Number.isNaN(d.getTime()) ? refuse({ field, value: "not a date" }) : d;
    }
    default:
      return text9;
  }
};
var listOf = (field, meta, value) => {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
  const values2 = items.filter((v) => v !== "" && v !== null && v !== void 0);
  if (values2.length === 0 || values2.length > MAX_IN) refuse({ field, value: "list size" });
  return values2.map((v) => coerce(field, meta, v));
};
var isText = (meta) => meta.type === "string" || meta.type === "dict";
var driverValue = (v) => v instanceof Date ? v.toISOString() : v;
var inline = (value) => sql10.param(value);
var placeholders = () => {
  let n = 0;
  return () => sql10.placeholder(`p${n++}`);
};
var named = (values2) => Object.fromEntries(values2.map((v, i) => [`p${i}`, v]));
var conditionsOf = (shape, values2, write) => ({
  shape,
  values: values2,
  write
});
var NONE = conditionsOf("", [], () => void 0);
var combine = (parts, matchType = "and") => {
  if (parts.length === 0) return NONE;
  const join = matchType === "or" ? or3 : and11;
  return {
    shape: `${matchType}(${parts.map((p) => p.shape).join(",")})`,
    values: parts.flatMap((p) => p.values),
    write: (bind) => join(...parts.map((p) => p.write(bind)))
  };
};
var condition = (name, f, rule, val) => {
  const col = f.column;
  const shape = `${name}:${rule}`;
  const one = (op, endOfDay = false) => {
    const value = driverValue(coerce(name, f.meta, val, endOfDay));
    return conditionsOf(shape, [value], (bind) => op(col, bind(value)));
  };
  switch (rule) {
    case "eq":
      return one(eq13);
    case "ne":
      return one(ne3);
    case "gt":
      return one(gt2);
    case "ge":
      return one(gte);
    case "lt":
      return one(lt2);
    case "le":
      return one(lte, true);
    case "in":
    case "not_in": {
      const values2 = listOf(name, f.meta, val).map(driverValue);
      return conditionsOf(
        shape,
        [values2],
        (bind) => rule === "in" ? sql10`${col} = any(${bind(values2)})` : sql10`not (${col} = any(${bind(values2)}))`
      );
    }
    case "like":
    case "left_like":
    case "right_like": {
      const text9 = escapeLike2(String(coerce(name, { ...f.meta, type: "string" }, val)));
      const pattern = rule === "like" ? `%${text9}%` : rule === "left_like" ? `%${text9}` : `${text9}%`;
      const cols = [col, ...f.also ?? []];
      return conditionsOf(shape, [pattern], (bind) => {
        const p = bind(pattern);
        return cols.length === 1 ? ilike2(col, p) : or3(...cols.map((c) => ilike2(c, p)));
      });
    }
    case "empty":
      return conditionsOf(shape, [], () => isText(f.meta) ? or3(isNull3(col), eq13(col, "")) : isNull3(col));
    case "not_empty":
      return conditionsOf(shape, [], () => isText(f.meta) ? and11(isNotNull(col), ne3(col, "")) : isNotNull(col));
    case "range": {
      const [from, to] = Array.isArray(val) ? val : typeof val === "string" ? val.split(",") : [];
      const given = (v) => v !== void 0 && v !== null && v !== "";
      if (!given(from) && !given(to)) return refuse({ field: name, value: "empty range" });
      const lower = given(from) ? driverValue(coerce(name, f.meta, from)) : void 0;
      const upper = given(to) ? driverValue(coerce(name, f.meta, to, true)) : void 0;
      const values2 = [lower, upper].filter((v) => v !== void 0);
      return conditionsOf(
        `${shape}:${lower === void 0 ? "" : "from"}-${upper === void 0 ? "" : "to"}`,
        values2,
        (bind) => and11(
          lower === void 0 ? void 0 : gte(col, bind(lower)),
          upper === void 0 ? void 0 : lte(col, bind(upper))
        )
      );
    }
  }
};
var fieldOf = (fields, name) => fields.get(name) ?? refuse({ field: name });
var searchConditions = (fields, search) => {
  if (!search) return [];
  const parsed = parseJson(search, "search");
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return refuse({ search: "not an object" });
  const out = [];
  for (const [name, value] of Object.entries(parsed)) {
    if (value === "" || value === null || value === void 0 || Array.isArray(value) && value.length === 0) continue;
    const f = fieldOf(fields, name);
    const mode = f.meta.search ?? refuse({ field: name, search: "not searchable" });
    out.push(condition(name, f, mode, value));
  }
  return out;
};
var ConditionsSchema = z21.array(QueryConditionSchema).max(MAX_CONDITIONS);
var superQueryConditions = (fields, params, matchType) => {
  if (!params) return NONE;
  const parsed = ConditionsSchema.safeParse(parseJson(params, "superQueryParams"));
  if (!parsed.success) return refuse({ superQueryParams: "invalid conditions" });
  const parts = parsed.data.map((c) => {
    const f = fieldOf(fields, c.field);
    if (f.meta.superQuery === false) refuse({ field: c.field });
    if (!RULES_BY_TYPE[f.meta.type].includes(c.rule)) refuse({ field: c.field, rule: c.rule });
    return condition(c.field, f, c.rule, c.val);
  });
  return combine(parts, matchType);
};
var sortOf = (fields, query) => {
  const name = query.column ?? "createAt";
  const f = fieldOf(fields, name);
  if (!f.meta.sort) refuse({ column: name });
  return { column: f.column, direction: query.order === "asc" ? "asc" : "desc" };
};
var orderBy = (fields, query, id2) => {
  const { column, direction } = sortOf(fields, query);
  const by = direction === "asc" ? asc6 : desc3;
  return [by(column), by(id2)];
};
var sortKey = (sort) => sql10`${sort.column}::text`;
var keysetAfter = (sort, id2, cursor) => {
  const col = sort.column;
  const nullable = !col.notNull;
  if (sort.direction === "desc") {
    if (cursor.key === null) return or3(and11(isNull3(col), lt2(id2, cursor.id)), isNotNull(col));
    return and11(sql10`${col} <= ${cursor.key}`, or3(sql10`${col} < ${cursor.key}`, lt2(id2, cursor.id)));
  }
  if (cursor.key === null) return and11(isNull3(col), gt2(id2, cursor.id));
  const after = and11(sql10`${col} >= ${cursor.key}`, or3(sql10`${col} > ${cursor.key}`, gt2(id2, cursor.id)));
  return nullable ? or3(after, isNull3(col)) : after;
};
var selectedFields = (fields, field) => {
  if (!field) return void 0;
  const names = field.split(",").map((n) => n.trim()).filter(Boolean);
  for (const n of names) fieldOf(fields, n);
  return names;
};
var listConditions = (fields, query) => {
  const key2 = `${query.search ?? ""}\0${query.superQueryParams ?? ""}\0${query.superQueryMatchType ?? ""}`;
  const parsed = keptFor(parsedByFields, fields, () => new BoundedMap(MAX_PARSED));
  let conditions = parsed.get(key2);
  if (!conditions) {
    conditions = combine([
      ...searchConditions(fields, query.search),
      superQueryConditions(fields, query.superQueryParams, query.superQueryMatchType)
    ]);
    parsed.set(key2, conditions);
  }
  return conditions;
};
var MAX_PARSED = 500;
var parsedByFields = /* @__PURE__ */ new WeakMap();

// src/platform/data-scope.ts
var scopeConditions = (principal, columns) => {
  if (!columns || principal.dataScope === "all") return conditionsOf("all", [], () => void 0);
  if (principal.dataScope === "department") {
    if (!principal.orgCode) return conditionsOf("nothing", [], () => sql11`false`);
    const prefix = `${escapeLike2(principal.orgCode)}%`;
    return conditionsOf("department", [prefix], (bind) => like(columns.org, bind(prefix)));
  }
  return conditionsOf("personal", [principal.userId], (bind) => eq14(columns.owner, bind(principal.userId)));
};
var scopeWhere = (principal, columns) => scopeConditions(principal, columns).write(inline);

// src/platform/crud/reads.ts
var MAX_LIST_ALL = 5e3;
var MAX_STATEMENTS = 200;
var KEY = "__sortKey";
var chunks = (items, size2) => {
  const out = [];
  for (let i = 0; i < items.length; i += size2) out.push(items.slice(i, i + size2));
  return out;
};
var leanStatement = (query, selection) => {
  const keys = Object.keys(selection);
  const columns = Object.values(selection);
  return {
    query,
    params: (values2) => fillPlaceholders(query.params, values2),
    decode(row) {
      const out = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        out[keys[i]] = value === null ? null : columns[i].mapFromDriverValue(value);
      }
      return out;
    }
  };
};
var createCrudReads = (database2, r) => {
  const { db } = database2;
  const scoped = (principal, ...more) => and12(r.live(), scopeWhere(principal, r.scope), ...more);
  const KEY_COLUMNS = r.version ? ["id", "version"] : ["id"];
  const sorted = (query) => query.column || !r.defaultSort ? query : { ...query, column: r.defaultSort.column, order: query.order ?? r.defaultSort.order };
  const decorated = async (db2, rows) => r.decorate && rows.length > 0 ? r.decorate(rows, db2) : rows;
  const queryWhere = (principal, query, bind) => {
    const scope = scopeConditions(principal, r.scope);
    const conditions = listConditions(r.fields, query);
    return {
      shape: `${scope.shape}|${conditions.shape}`,
      values: [...scope.values, ...conditions.values],
      where: () => and12(r.live(), scope.write(bind), conditions.write(bind))
    };
  };
  const selectionOf = (fields) => fields ? Object.fromEntries([...KEY_COLUMNS, ...fields].map((f) => [f, r.columns[f]])) : r.columns;
  const writeList = (query, fields, where) => {
    const selection = selectionOf(fields);
    return {
      page: leanStatement(
        db.select(selection).from(r.table).where(where).orderBy(...orderBy(r.fields, query, r.id)).limit(sql12.placeholder("limit")).offset(sql12.placeholder("offset")).toSQL(),
        selection
      ),
      // its one value is read as a number by `list`
      count: leanStatement(db.select({ n: count() }).from(r.table).where(where).toSQL(), {})
    };
  };
  const statements = new BoundedMap(MAX_STATEMENTS);
  const statementFor = (principal, listQuery) => {
    const query = sorted(listQuery);
    const fields = selectedFields(r.fields, query.field);
    const sort = sortOf(r.fields, query);
    const { shape, values: values2, where } = queryWhere(principal, query, placeholders());
    const key2 = `${fields?.join(",") ?? "*"}|${query.column}:${sort.direction}|${shape}`;
    let statement = statements.get(key2);
    if (!statement) {
      statement = writeList(query, fields, where());
      statements.set(key2, statement);
    }
    const paging = { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize };
    return { query, statement, bound: named(values2), paging };
  };
  const byId = (tx, principal, id2, lock = false) => {
    const q2 = tx.select().from(r.table).where(scoped(principal, eq15(r.id, id2))).limit(1);
    return (lock ? q2.for("update") : q2).then((rows) => rows[0]);
  };
  return {
    scoped,
    byId,
    decorated,
    reads: {
      /** A page of the list and the total, through the statements of the query's shape. */
      async list(principal, listQuery) {
        const { query, statement, bound, paging } = statementFor(principal, listQuery);
        const { page, count: count8 } = statement;
        const [rows, [total]] = await Promise.all([
          database2.arrays(page.query.sql, page.params({ ...bound, ...paging })),
          database2.arrays(count8.query.sql, count8.params(bound))
        ]);
        const n = Number(total?.[0] ?? 0);
        return {
          records: await decorated(db, rows.map(page.decode)),
          total: n,
          size: query.pageSize,
          current: query.pageNo,
          pages: Math.ceil(n / query.pageSize)
        };
      },
      /** The SQL and parameters `list` runs for this query (the bench's floor runs exactly these). */
      listSql(principal, listQuery) {
        const { statement, bound, paging } = statementFor(principal, listQuery);
        const { page, count: count8 } = statement;
        return {
          page: { sql: page.query.sql, params: page.params({ ...bound, ...paging }) },
          count: { sql: count8.query.sql, params: count8.params(bound) }
        };
      },
      async get(principal, id2) {
        const row = await byId(db, principal, id2) ?? notFound();
        return (await decorated(db, [row]))[0];
      },
      /**
       * The rows of a list query (plus `ids`, when given; only `fields`, when given) in the list's
       * order, `batchSize` at a time: each batch continues after the last one by keyset on the sort
       * column and the id, so an export of 100 000 rows never holds them all, and no batch re-reads
       * the ones before it.
       */
      async *scan(principal, listQuery, options = {}) {
        const query = sorted(listQuery);
        const listed = queryWhere(principal, query, inline).where();
        const where = options.ids ? and12(listed, inArray6(r.id, [...options.ids])) : listed;
        const sort = sortOf(r.fields, query);
        const size2 = options.batchSize ?? 1e3;
        const selection = options.fields ? Object.fromEntries([...KEY_COLUMNS, ...options.fields].map((f) => [f, r.columns[f]])) : r.columns;
        let cursor;
        for (; ; ) {
          const batch = await db.select({ ...selection, [KEY]: sortKey(sort) }).from(r.table).where(cursor ? and12(where, keysetAfter(sort, r.id, cursor)) : where).orderBy(...orderBy(r.fields, query, r.id)).limit(size2);
          if (batch.length === 0) return;
          const last = batch[batch.length - 1];
          cursor = { key: last[KEY], id: last.id };
          yield batch.map(({ [KEY]: _, ...row }) => row);
          if (batch.length < size2) return;
        }
      },
      /** The labels of the given records the caller may read (exports show references by label). */
      async labels(principal, ids2) {
        const out = /* @__PURE__ */ new Map();
        for (const part of chunks([...new Set(ids2)], 5e3)) {
          const rows = await db.select({ id: r.id, label: r.labelColumn }).from(r.table).where(scoped(principal, inArray6(r.id, part)));
          for (const row of rows) out.set(row.id, String(row.label ?? ""));
        }
        return out;
      },
      /** The ids of the records the caller may read, by label (imports take references by label). */
      async idsByLabel(principal, labels) {
        const en2 = r.columns[`${r.meta.label}En`];
        const keys = [r.labelColumn, ...en2 ? [en2] : [], ...(r.meta.unique ?? []).map((f) => r.columns[f])];
        const out = /* @__PURE__ */ new Map();
        for (const part of chunks([...new Set(labels)], 5e3)) {
          const wanted = new Set(part);
          const rows = await db.select({ id: r.id, ...Object.fromEntries(keys.map((c, i) => [`k${i}`, c])) }).from(r.table).where(scoped(principal, or4(...keys.map((c) => inArray6(c, part)))));
          for (const row of rows) {
            for (const label of new Set(keys.map((_, i) => String(row[`k${i}`] ?? "")))) {
              const ids2 = out.get(label) ?? [];
              if (wanted.has(label) && !ids2.includes(row.id)) out.set(label, [...ids2, row.id]);
            }
          }
        }
        return out;
      },
      /** Which of `values` a unique field already holds, across the whole table (not scoped). */
      async existing(field, values2) {
        const column = r.columns[field];
        if (!column || !r.meta.unique?.includes(field)) {
          throw new Error(`${field} is not a unique field of ${r.meta.name}`);
        }
        const out = /* @__PURE__ */ new Set();
        for (const part of chunks([...new Set(values2)], 5e3)) {
          const rows = await db.select({ v: column }).from(r.table).where(inArray6(column, part));
          for (const row of rows) out.add(String(row.v));
        }
        return out;
      },
      /** Every row for selects (SPEC 7 getListAll), in label order, scoped like the list. */
      async listAll(principal) {
        const extra = typeof r.listAll === "object" ? r.listAll.where() : void 0;
        const rows = await db.select().from(r.table).where(scoped(principal, extra)).orderBy(asc7(r.labelColumn)).limit(MAX_LIST_ALL);
        return decorated(db, rows);
      },
      /** The record's versions from the operation log, newest first (modify history and compare). */
      async history(principal, id2) {
        if (!await byId(db, principal, id2)) notFound();
        return db.select({
          id: operationLogs.id,
          operation: operationLogs.operation,
          username: operationLogs.username,
          createAt: operationLogs.createAt,
          before: operationLogs.before,
          after: operationLogs.after
        }).from(operationLogs).where(and12(eq15(operationLogs.resource, r.tableName), eq15(operationLogs.objectId, String(id2)))).orderBy(desc4(operationLogs.createAt)).limit(200);
      }
    }
  };
};

// src/platform/crud/service.ts
var BULK_CHUNK = 2e3;
var pgCode = (e) => {
  for (let cur2 = e; cur2; cur2 = cur2.cause) {
    if (typeof cur2.code === "string" && /^\d{5}$/.test(cur2.code)) return cur2.code;
  }
  return void 0;
};
var createCrudService = (database2, r) => {
  const { db } = database2;
  const { scoped, byId, decorated, reads } = createCrudReads(database2, r);
  const softKey = r.softDelete ? Object.entries(r.columns).find(([, c]) => c === r.softDelete)?.[0] : void 0;
  if (r.softDelete && !softKey) throw new Error(`soft-delete column of ${r.tableName} is not one of its columns`);
  const loggable = (value) => {
    if (!r.secret || !value || typeof value !== "object") return value;
    const out = { ...value };
    for (const key2 of r.secret) delete out[key2];
    return out;
  };
  const withPinyin = (values2) => r.pinyin ? { ...values2, ...pinyinOf(values2[r.meta.label]) } : values2;
  const assertUnique = async (tx, values2, exceptId) => {
    for (const field of r.meta.unique ?? []) {
      const value = values2[field];
      if (value === void 0 || value === null || value === "") continue;
      const column = r.columns[field];
      const clash = await tx.select({ id: r.id }).from(r.table).where(and13(eq16(column, value), r.live(), exceptId !== void 0 ? ne4(r.id, exceptId) : void 0)).limit(1);
      if (clash.length > 0) fail(r.duplicateError ?? Errors.DuplicateValue, { field, value });
    }
  };
  const translateDbError = (e) => {
    const code5 = pgCode(e);
    if (code5 === "23505") throw new AppError(r.duplicateError ?? Errors.DuplicateValue);
    if (code5 === "23503") throw new AppError(Errors.InUseCannotDelete);
    throw e;
  };
  const assertNotReferenced = async (tx, id2) => {
    for (const ref of r.referencedBy ?? []) {
      const [row] = await tx.select({ n: count2() }).from(ref.table).where(eq16(ref.column, id2));
      if ((row?.n ?? 0) > 0) fail(Errors.InUseCannotDelete);
    }
  };
  const entry2 = (operation, objectId, before, after) => ({
    operation: `${r.meta.menu}:${operation}`,
    resource: r.tableName,
    objectId: String(objectId),
    before: loggable(before),
    after: loggable(after)
  });
  const log = (tx, req, operation, objectId, before, after) => recordOperation(tx, req, entry2(operation, objectId, before, after));
  const newValues = (principal, input, now) => {
    const values2 = withPinyin({ ...input, createBy: principal.userId, createAt: now });
    if (r.scopeKeys) {
      values2[r.scopeKeys.org] = principal.orgCode;
      values2[r.scopeKeys.owner] = principal.userId;
    }
    return values2;
  };
  const insertOne = async (tx, req, principal, input, operation) => {
    let values2 = newValues(principal, input, /* @__PURE__ */ new Date());
    if (r.hooks?.beforeInsert) values2 = await r.hooks.beforeInsert(values2, { tx, principal, req });
    await assertUnique(tx, values2);
    let [row] = await tx.insert(r.table).values(values2).returning();
    if (r.hooks?.afterInsert) row = await r.hooks.afterInsert(row, input, { tx, principal, req }) ?? row;
    [row] = await decorated(tx, [row]);
    await log(tx, req, operation, row.id, null, row);
    return row;
  };
  return {
    ...reads,
    async add(req, principal, input) {
      return db.transaction((tx) => insertOne(tx, req, principal, input, "add")).catch(translateDbError);
    },
    /**
     * Many new records in ONE transaction, all or none (imports). Each row gets what `add` gives
     * it: pinyin, creator, scope owner, an operation-log entry. Without an insert hook the rows
     * go in bulk statements (bulk-insert.ts); with one (e.g. department codes that depend on the rows before)
     * they go one by one through exactly the `add` path. Unique values are expected checked by
     * the caller; the unique indexes still refuse a value another user took meanwhile.
     */
    async addMany(req, principal, inputs, options = {}) {
      const operation = options.operation ?? "add";
      return db.transaction(async (tx) => {
        if (r.hooks?.beforeInsert || r.hooks?.afterInsert) {
          for (const [i, input] of inputs.entries()) {
            await insertOne(tx, req, principal, input, operation);
            if ((i + 1) % 100 === 0) options.onProgress?.(i + 1);
          }
          return inputs.length;
        }
        const now = /* @__PURE__ */ new Date();
        let written = 0;
        for (const part of chunks(inputs, BULK_CHUNK)) {
          const rows = part.map((input) => ({ id: randomUUID(), ...newValues(principal, input, now) }));
          await bulkInsert(tx, r.table, rows);
          await recordOperations(
            tx,
            req,
            rows.map((row) => entry2(operation, row.id, null, row))
          );
          written += rows.length;
          options.onProgress?.(written);
        }
        return written;
      }).catch(translateDbError);
    },
    async edit(req, principal, input) {
      const versionColumn = r.version ?? notFound();
      return db.transaction(async (tx) => {
        const before = await byId(tx, principal, input.id, true) ?? notFound();
        if (before.version !== input.version) staleVersion();
        const [shownBefore] = await decorated(tx, [before]);
        const { id: id2, version, ...changes } = input;
        let values2 = withPinyin({
          ...changes,
          updateAt: /* @__PURE__ */ new Date(),
          updateBy: principal.userId,
          version: version + 1
        });
        if (r.hooks?.beforeUpdate) values2 = await r.hooks.beforeUpdate(values2, before, { tx, principal, req });
        await assertUnique(tx, values2, id2);
        let [row] = await tx.update(r.table).set(values2).where(and13(eq16(r.id, id2), eq16(versionColumn, version))).returning();
        if (!row) staleVersion();
        if (r.hooks?.afterUpdate)
          row = await r.hooks.afterUpdate(row, before, changes, { tx, principal, req }) ?? row;
        const [shownAfter] = await decorated(tx, [row]);
        await log(tx, req, "edit", id2, shownBefore, shownAfter);
        return shownAfter;
      }).catch(translateDbError);
    },
    async remove(req, principal, ids2) {
      if (ids2.length === 0) fail(Errors.SelectRecord);
      await db.transaction(async (tx) => {
        for (const id2 of ids2) {
          const row = await byId(tx, principal, id2, true) ?? notFound();
          await assertNotReferenced(tx, id2);
          await r.hooks?.beforeDelete?.(row, { tx, principal, req });
          const [shown] = await decorated(tx, [row]);
          if (r.softDelete) {
            await tx.update(r.table).set({
              [softKey]: true,
              updateAt: /* @__PURE__ */ new Date(),
              updateBy: principal.userId,
              ...r.version ? { version: row.version + 1 } : {}
            }).where(eq16(r.id, id2));
          } else await tx.delete(r.table).where(eq16(r.id, id2));
          await log(tx, req, ids2.length > 1 ? "batchDelete" : "delete", id2, shown, null);
        }
      }).catch(translateDbError);
    },
    async setStatus(req, principal, ids2, status2) {
      const field = r.meta.status?.field;
      if (!field) notFound();
      if (ids2.length === 0) fail(Errors.SelectRecord);
      await db.transaction(async (tx) => {
        const rows = await tx.select().from(r.table).where(scoped(principal, inArray7(r.id, [...ids2]))).for("update");
        if (rows.length !== new Set(ids2).size) notFound();
        await r.hooks?.beforeStatus?.(rows, status2, { tx, principal, req });
        for (const row of rows) {
          const [after] = await tx.update(r.table).set({
            [field]: status2,
            updateAt: /* @__PURE__ */ new Date(),
            updateBy: principal.userId,
            version: row.version + 1
          }).where(eq16(r.id, row.id)).returning();
          await log(tx, req, "status", row.id, row, after);
        }
      });
    }
  };
};

// src/platform/crud/routes.ts
var idSchemaOf = (r) => r.idType === "int" ? z22.coerce.number().int().min(1).max(2147483647) : z22.string().uuid();
var splitIds = (ids2, idSchema) => {
  const list = [
    ...new Set(
      ids2.split(",").map((s) => s.trim()).filter(Boolean)
    )
  ];
  return z22.array(idSchema).min(1).max(1e3).parse(list);
};
var HistoryEntrySchema = z22.object({
  id: z22.string(),
  operation: z22.string(),
  username: z22.string().nullable(),
  createAt: z22.date(),
  before: z22.unknown(),
  after: z22.unknown()
});
var registerResource = (parent, def) => {
  const app2 = parent.withTypeProvider();
  const r = compileResource(def);
  const service = createCrudService(app2.deps.database, r);
  const registered = { compiled: r, service };
  app2.deps.resources.add(registered);
  const { base, menu, name } = r.meta;
  const tags3 = [name];
  const key2 = (button) => `${menu}:${button}`;
  const editInput = r.editInput ?? editSchemaOf(r.input);
  const idSchema = idSchemaOf(r);
  const IdQuerySchema3 = z22.object({ id: idSchema });
  const listRecord = r.record.partial().extend({
    id: r.idType === "int" ? z22.number().int() : z22.string(),
    ...r.version ? { version: z22.number().int() } : {}
  });
  const serves = (verb) => servesVerb(r, verb);
  app2.get(
    `${base}/list`,
    {
      config: { permission: menu },
      schema: {
        tags: tags3,
        summary: `List ${name} (search, super query, sort, paging)`,
        querystring: ListQuerySchema,
        response: okResponse(pageOf(listRecord))
      }
    },
    async (req) => ok(await service.list(principalOf(req), req.query))
  );
  if (!r.ownReadById)
    app2.get(
      `${base}/queryById`,
      { config: { permission: menu }, schema: { tags: tags3, querystring: IdQuerySchema3, response: okResponse(r.record) } },
      async (req) => ok(await service.get(principalOf(req), req.query.id))
    );
  if (serves("add"))
    app2.post(
      `${base}/add`,
      { config: { permission: key2("add") }, schema: { tags: tags3, body: r.input, response: okResponse(r.record) } },
      async (req) => ok(await service.add(req, principalOf(req), req.body))
    );
  if (serves("edit"))
    app2.put(
      `${base}/edit`,
      {
        config: { permission: key2("edit") },
        schema: { tags: tags3, summary: "Edit; an old version answers 409", body: editInput, response: okResponse(r.record) }
      },
      async (req) => ok(await service.edit(req, principalOf(req), req.body))
    );
  if (serves("delete"))
    app2.delete(
      `${base}/delete`,
      { config: { permission: key2("delete") }, schema: { tags: tags3, querystring: IdQuerySchema3, response: emptyResponse } },
      async (req) => {
        await service.remove(req, principalOf(req), [req.query.id]);
        return ok(null);
      }
    );
  if (serves("delete"))
    app2.delete(
      `${base}/deleteBatch`,
      {
        config: { permission: key2("batchDelete") },
        schema: { tags: tags3, summary: "Delete all or none", querystring: IdsSchema, response: emptyResponse }
      },
      async (req) => {
        await service.remove(req, principalOf(req), splitIds(req.query.ids, idSchema));
        return ok(null);
      }
    );
  if (r.meta.status && serves("status")) {
    app2.post(
      `${base}/batchStatus`,
      {
        config: { permission: key2("status") },
        schema: { tags: tags3, body: BatchStatusSchema.extend({ status: z22.enum(["1", "2"]) }), response: emptyResponse }
      },
      async (req) => {
        await service.setStatus(req, principalOf(req), splitIds(req.body.ids, idSchema), req.body.status);
        return ok(null);
      }
    );
  }
  if (serves("history"))
    app2.get(
      `${base}/modifyHistory`,
      {
        config: { permission: key2("history") },
        schema: {
          tags: tags3,
          summary: "Versions of one record",
          querystring: IdQuerySchema3,
          response: okResponse(z22.array(HistoryEntrySchema))
        }
      },
      async (req) => ok(await service.history(principalOf(req), req.query.id))
    );
  registerExcelRoutes(app2, registered);
  if (r.listAll) {
    const paths = ["getListAll", ...typeof r.listAll === "object" ? r.listAll.alias ?? [] : []];
    for (const verb of paths) {
      app2.get(
        `${base}/${verb}`,
        {
          config: { permission: "authenticated" },
          schema: { tags: tags3, summary: `Every ${name} for selects`, response: okResponse(z22.array(r.record)) }
        },
        async (req) => ok(await service.listAll(principalOf(req)))
      );
    }
  }
  return registered;
};

// src/modules/masterdata/department.resource.ts
import { eq as eq17, like as like2 } from "drizzle-orm";
var nextOrgCode = async (tx, parentCode) => {
  const prefix = parentCode ?? "";
  const rows = await tx.select({ orgCode: departments.orgCode }).from(departments).where(like2(departments.orgCode, `${escapeLike2(prefix)}A__`)).for("update");
  const used = rows.map((r) => r.orgCode.slice(prefix.length)).filter((rest) => /^A\d{2}$/.test(rest)).map((rest) => Number(rest.slice(1)));
  const next = (used.length ? Math.max(...used) : 0) + 1;
  if (next > 99) fail(Errors.OperationFailed);
  return `${prefix}A${String(next).padStart(2, "0")}`;
};
var departmentCrud = {
  meta: departmentResource,
  table: departments,
  record: DepartmentSchema,
  input: DepartmentInputSchema,
  pinyin: true,
  listAll: { where: () => eq17(departments.status, "1"), alias: ["dropDownList"] },
  referencedBy: [
    { table: departments, column: departments.parentId },
    { table: userDepartments, column: userDepartments.departId },
    { table: branches, column: branches.departId }
  ],
  hooks: {
    async beforeInsert(values2, { tx }) {
      const parentId = values2.parentId ?? null;
      let parentCode = null;
      if (parentId) {
        const [parent] = await tx.select().from(departments).where(eq17(departments.id, parentId));
        if (!parent) fail(Errors.ParameterError, { field: "parentId" });
        parentCode = parent.orgCode;
      }
      return { ...values2, parentId, orgCode: await nextOrgCode(tx, parentCode) };
    },
    async beforeUpdate(values2, before) {
      if ("parentId" in values2 && (values2.parentId ?? null) !== (before.parentId ?? null)) {
        fail(Errors.ParameterError, { field: "parentId" });
      }
      return values2;
    }
  }
};

// src/modules/masterdata/resources.ts
import { eq as eq18 } from "drizzle-orm";
var enabled = (column) => ({ where: () => eq18(column, "1") });
var MASTER_DATA = [
  {
    meta: supplierResource,
    table: suppliers,
    record: SupplierSchema,
    input: SupplierInputSchema,
    pinyin: true,
    listAll: enabled(suppliers.status)
  },
  {
    meta: countryResource,
    table: countries,
    record: CountrySchema,
    input: CountryInputSchema,
    pinyin: true,
    listAll: enabled(countries.status),
    referencedBy: [
      { table: branches, column: branches.countryId },
      { table: suppliers, column: suppliers.countryId }
    ]
  },
  {
    meta: branchResource,
    table: branches,
    record: BranchSchema,
    input: BranchInputSchema,
    pinyin: true,
    listAll: enabled(branches.status),
    referencedBy: [{ table: userBranches, column: userBranches.branchId }]
  },
  {
    meta: depotResource,
    table: depots,
    record: DepotSchema,
    input: DepotInputSchema,
    pinyin: true,
    listAll: enabled(depots.status)
  },
  {
    meta: boxSpecResource,
    table: boxSpecs,
    record: BoxSpecSchema,
    input: BoxSpecInputSchema,
    pinyin: true,
    listAll: enabled(boxSpecs.status)
  },
  {
    meta: positionResource,
    table: positions,
    record: PositionSchema,
    input: PositionInputSchema,
    pinyin: true,
    listAll: enabled(positions.status),
    referencedBy: [{ table: users, column: users.positionId }]
  }
];

// src/modules/masterdata/index.ts
var masterDataModule = async (app2) => {
  for (const resource of [...MASTER_DATA, departmentCrud]) registerResource(app2, resource);
};

// src/platform/realtime/connections.ts
var OPEN = 1;
var createConnectionRegistry = (now = Date.now) => {
  const byUser = /* @__PURE__ */ new Map();
  const entries = /* @__PURE__ */ new Map();
  const remove = (socket) => {
    const entry2 = entries.get(socket);
    if (!entry2) return;
    entries.delete(socket);
    const set = byUser.get(entry2.userId);
    set?.delete(socket);
    if (set?.size === 0) byUser.delete(entry2.userId);
  };
  return {
    /** `tokenHash`: the session the socket was opened with, checked again while it lives. */
    add(userId, socket, tokenHash = null) {
      let set = byUser.get(userId);
      if (!set) {
        set = /* @__PURE__ */ new Set();
        byUser.set(userId, set);
      }
      set.add(socket);
      entries.set(socket, { userId, tokenHash, lastSeen: now() });
      return () => remove(socket);
    },
    remove,
    /** The socket showed a sign of life (a heartbeat message or a pong frame). */
    touch(socket) {
      const entry2 = entries.get(socket);
      if (entry2) entry2.lastSeen = now();
    },
    /** Sends to every open socket of the user; answers how many got it. */
    send(userId, data) {
      let sent = 0;
      for (const socket of byUser.get(userId) ?? []) {
        if (socket.readyState !== OPEN) continue;
        socket.send(data);
        sent++;
      }
      return sent;
    },
    has: (userId) => byUser.has(userId),
    userIds: () => [...byUser.keys()],
    get size() {
      return entries.size;
    },
    /**
     * Drops sockets silent for longer than `deadAfterMs` and pings the others, so a browser that
     * vanished without a close frame does not linger (SPEC 4: no reply means closed).
     */
    sweep(deadAfterMs) {
      let dropped = 0;
      const cutoff = now() - deadAfterMs;
      for (const [socket, entry2] of entries) {
        if (entry2.lastSeen < cutoff) {
          remove(socket);
          socket.terminate();
          dropped++;
        } else if (socket.readyState === OPEN) {
          socket.ping();
        }
      }
      return dropped;
    },
    /** The sessions the open sockets were opened with. */
    tokenHashes: () => [...new Set([...entries.values()].flatMap((e) => e.tokenHash ? [e.tokenHash] : []))],
    /**
     * Closes the sockets of sessions that were `checked` and found not `live` (signed out,
     * expired, user disabled). Sockets that arrived during the check are left for the next one.
     */
    closeEnded(checked, live) {
      let closed = 0;
      for (const [socket, entry2] of entries) {
        if (entry2.tokenHash && checked.has(entry2.tokenHash) && !live.has(entry2.tokenHash)) {
          remove(socket);
          socket.close(4401, "session ended");
          closed++;
        }
      }
      return closed;
    },
    closeAll(code5 = 1001, reason = "server shutting down") {
      for (const socket of [...entries.keys()]) {
        remove(socket);
        socket.close(code5, reason);
      }
    }
  };
};

// src/platform/realtime/live-connection.ts
import websocket from "@fastify/websocket";
import { z as z23 } from "zod";

// src/platform/realtime/sessions.ts
import { and as and14, eq as eq19, gt as gt3, inArray as inArray8, isNull as isNull4 } from "drizzle-orm";
var CHUNK2 = 1e3;
var liveSessions = async (db, tokenHashes) => {
  const live = /* @__PURE__ */ new Set();
  for (let i = 0; i < tokenHashes.length; i += CHUNK2) {
    const rows = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).innerJoin(users, eq19(users.id, sessions.userId)).where(
      and14(
        inArray8(sessions.tokenHash, tokenHashes.slice(i, i + CHUNK2)),
        isNull4(sessions.revokedAt),
        gt3(sessions.expiresAt, /* @__PURE__ */ new Date()),
        eq19(users.delFlag, false),
        eq19(users.status, "1")
      )
    );
    for (const r of rows) live.add(r.tokenHash);
  }
  return live;
};
var closeEndedSessions = async (db, registry) => {
  const hashes = registry.tokenHashes();
  if (hashes.length === 0) return 0;
  return registry.closeEnded(new Set(hashes), await liveSessions(db, hashes));
};

// src/platform/realtime/live-connection.ts
var MAX_FRAME_BYTES = 4096;
var tokenFromProtocols = (header) => {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(",")[0]?.trim();
  return first ? first : null;
};
var isPing = (data) => {
  if (data === "ping") return true;
  try {
    const parsed = JSON.parse(data);
    return parsed.type === "ping" || parsed.cmd === "heartcheck";
  } catch {
    return false;
  }
};
var liveConnectionPlugin = async (app2, opts2) => {
  const { registry } = opts2;
  const heartbeatMs = opts2.heartbeatMs ?? LIVE.heartbeatMs;
  const { db } = app2.deps.database;
  await app2.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // the token was checked before the upgrade; the handshake must echo the protocol back
      handleProtocols: (protocols) => protocols.values().next().value ?? false
    }
  });
  const sweeper = setInterval(() => {
    registry.sweep(heartbeatMs * 2 + 5e3);
    closeEndedSessions(db, registry).catch((err) => app2.log.warn({ err }, "live session check failed"));
  }, heartbeatMs);
  sweeper.unref();
  app2.addHook("onClose", async () => {
    clearInterval(sweeper);
    registry.closeAll();
  });
  const authenticate = async (req) => {
    const token = tokenFromProtocols(req.headers["sec-websocket-protocol"]);
    const principal = token ? await resolvePrincipal(db, hashToken(token)) : null;
    if (!principal) throw new AppError(Errors.SessionError);
    if (principal.userId !== req.params.userId) throw new AppError(Errors.PermissionDenied);
    req.principal = principal;
  };
  app2.get(
    "/websocket/:userId",
    {
      websocket: true,
      config: { permission: "public", rawResponse: true },
      schema: { params: z23.object({ userId: z23.string().max(64) }) },
      preValidation: authenticate
    },
    (socket, req) => {
      const principal = req.principal;
      if (!principal) return socket.close(1008, "unauthorized");
      const unregister = registry.add(principal.userId, socket, principal.tokenHash);
      socket.on("pong", () => registry.touch(socket));
      socket.on("message", (raw, isBinary) => {
        registry.touch(socket);
        if (!isBinary && isPing(raw.toString())) socket.send(JSON.stringify({ type: "pong", at: Date.now() }));
      });
      socket.on("close", unregister);
      socket.on("error", unregister);
    }
  );
};

// src/modules/messaging/live.delivery.ts
import { and as and16, eq as eq21, inArray as inArray10 } from "drizzle-orm";

// src/modules/messaging/message.service.ts
import { and as and15, count as count3, desc as desc5, eq as eq20, inArray as inArray9, sql as sql13 } from "drizzle-orm";
var toMessage = (row) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  createTime: row.createTime.toISOString(),
  creator: row.creator,
  readFlag: row.readFlag,
  menuId: row.menuId,
  params: row.params ?? null,
  noticeId: row.noticeId
});
var createMessageService = (db) => {
  const own = (userId) => eq20(messages.recipientId, userId);
  return {
    async list(userId, q2) {
      const where = and15(own(userId), q2.readFlag === void 0 ? void 0 : eq20(messages.readFlag, q2.readFlag));
      const [total] = await db.select({ n: count3() }).from(messages).where(where);
      const rows = await db.select().from(messages).where(where).orderBy(desc5(messages.createTime), desc5(messages.id)).limit(q2.pageSize).offset((q2.pageNo - 1) * q2.pageSize);
      const n = total?.n ?? 0;
      return {
        records: rows.map(toMessage),
        total: n,
        size: q2.pageSize,
        current: q2.pageNo,
        pages: Math.ceil(n / q2.pageSize)
      };
    },
    async unreadCount(userId) {
      const [row] = await db.select({ n: count3() }).from(messages).where(and15(own(userId), eq20(messages.readFlag, ReadFlag.Unread)));
      return row?.n ?? 0;
    },
    async markRead(userId, id2) {
      const [row] = await db.update(messages).set({ readFlag: ReadFlag.Read, readTime: sql13`coalesce(${messages.readTime}, now())` }).where(and15(own(userId), eq20(messages.id, id2))).returning({ id: messages.id });
      if (!row) notFound();
    },
    /** Marks read every unread message of the caller; answers how many changed. */
    async markAllRead(userId) {
      const rows = await db.update(messages).set({ readFlag: ReadFlag.Read, readTime: /* @__PURE__ */ new Date() }).where(and15(own(userId), eq20(messages.readFlag, ReadFlag.Unread))).returning({ id: messages.id });
      return rows.length;
    },
    /** Marks read the caller's messages that announce these notices (opening a notice reads it). */
    async markNoticeRead(userId, noticeIds) {
      if (noticeIds.length === 0) return;
      await db.update(messages).set({ readFlag: ReadFlag.Read, readTime: /* @__PURE__ */ new Date() }).where(and15(own(userId), eq20(messages.readFlag, ReadFlag.Unread), inArray9(messages.noticeId, [...noticeIds])));
    },
    async remove(userId, id2) {
      const [row] = await db.delete(messages).where(and15(own(userId), eq20(messages.id, id2))).returning({ id: messages.id });
      if (!row) notFound();
    },
    async removeAll(userId) {
      const rows = await db.delete(messages).where(own(userId)).returning({ id: messages.id });
      return rows.length;
    }
  };
};

// src/modules/messaging/message.writer.ts
import { randomUUID as randomUUID2 } from "node:crypto";

// src/platform/realtime/notify.ts
import { sql as sql14 } from "drizzle-orm";
var CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
var notifyInTransaction = async (tx, channel, payload) => {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
  if (Buffer.byteLength(payload) >= 8e3) throw new Error("NOTIFY payload too large: send a reference instead");
  await tx.execute(sql14`select pg_notify(${channel}, ${payload})`);
};

// src/modules/messaging/message.writer.ts
var MESSAGE_CHANNEL = "sys_message";
var CHUNK3 = 1e3;
var sendMessages = async (tx, drafts) => {
  if (drafts.length === 0) return null;
  const batchId = randomUUID2();
  const createTime = /* @__PURE__ */ new Date();
  for (let i = 0; i < drafts.length; i += CHUNK3) {
    await tx.insert(messages).values(
      drafts.slice(i, i + CHUNK3).map((d) => ({
        recipientId: d.recipientId,
        title: d.title.slice(0, 255),
        content: d.content,
        creator: d.creator?.slice(0, 64) ?? null,
        creatorId: d.creatorId ?? null,
        menuId: d.menuId ?? null,
        params: d.params ?? null,
        noticeId: d.noticeId ?? null,
        source: d.source,
        batchId,
        createTime
      }))
    );
  }
  const payload = { batch: batchId };
  await notifyInTransaction(tx, MESSAGE_CHANNEL, JSON.stringify(payload));
  return batchId;
};

// src/modules/messaging/live.delivery.ts
var parse = (payload) => {
  try {
    const value = JSON.parse(payload);
    return typeof value.batch === "string" && /^[0-9a-f-]{36}$/i.test(value.batch) ? { batch: value.batch } : null;
  } catch {
    return null;
  }
};
var USERS_PER_QUERY = 2e3;
var createLiveDelivery = (deps) => {
  const { database: database2, registry, log } = deps;
  const deliver = async (batch) => {
    const connected = registry.userIds();
    for (let i = 0; i < connected.length; i += USERS_PER_QUERY) {
      const rows = await database2.db.select().from(messages).where(and16(eq21(messages.batchId, batch), inArray10(messages.recipientId, connected.slice(i, i + USERS_PER_QUERY))));
      for (const row of rows) {
        const { readFlag: _read, ...msgTxt } = toMessage(row);
        const frame = { type: "message", msgTxt };
        registry.send(row.recipientId, JSON.stringify(frame));
      }
    }
  };
  let unlisten = null;
  return {
    async start() {
      unlisten = await database2.listen(MESSAGE_CHANNEL, (payload) => {
        const note = parse(payload);
        if (!note || registry.size === 0) return;
        deliver(note.batch).catch((err) => log.error({ err }, "live delivery failed"));
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
    }
  };
};

// src/modules/messaging/message.routes.ts
import { z as z24 } from "zod";
var tags = ["messaging"];
var messageRoutes = async (app2) => {
  const { db } = app2.deps.database;
  const service = createMessageService(db);
  app2.get(
    "/sys/messages/unReadCount",
    {
      config: { permission: "authenticated" },
      schema: { tags, summary: "How many of the caller's messages are unread", response: okResponse(z24.number().int()) }
    },
    async (req) => ok(await service.unreadCount(principalOf(req).userId))
  );
  app2.get(
    "/sys/messages/list",
    {
      config: { permission: "authenticated" },
      schema: {
        tags,
        summary: "The caller's messages, newest first (readFlag=0: unread only)",
        querystring: MessageListQuerySchema,
        response: okResponse(pageOf(MessageSchema))
      }
    },
    async (req) => ok(await service.list(principalOf(req).userId, req.query))
  );
  app2.post(
    "/sys/messages/read",
    {
      config: { permission: "authenticated" },
      schema: { tags, summary: "Mark one of your messages read", body: IdBodySchema, response: emptyResponse }
    },
    async (req) => {
      await service.markRead(principalOf(req).userId, req.body.id);
      return ok(null);
    }
  );
  app2.post(
    "/sys/messages/allRead",
    {
      config: { permission: "authenticated" },
      schema: { tags, summary: "Mark all of your messages read", response: okResponse(z24.number().int()) }
    },
    async (req) => ok(await service.markAllRead(principalOf(req).userId))
  );
  app2.delete(
    "/sys/messages/delete",
    {
      config: { permission: "authenticated" },
      schema: { tags, summary: "Delete one of your messages", querystring: IdQuerySchema, response: emptyResponse }
    },
    async (req) => {
      const userId = principalOf(req).userId;
      await db.transaction(async (tx) => {
        await createMessageService(tx).remove(userId, req.query.id);
        await recordOperation(tx, req, { operation: "deleteMessage", resource: "sys_message", objectId: req.query.id });
      });
      return ok(null);
    }
  );
  app2.post(
    "/sys/messages/deleteAll",
    {
      config: { permission: "authenticated" },
      schema: { tags, summary: "Delete all of your messages", response: okResponse(z24.number().int()) }
    },
    async (req) => {
      const userId = principalOf(req).userId;
      const removed = await db.transaction(async (tx) => {
        const n = await createMessageService(tx).removeAll(userId);
        await recordOperation(tx, req, {
          operation: "deleteAllMessages",
          resource: "sys_message",
          after: { removed: n }
        });
        return n;
      });
      return ok(removed);
    }
  );
};

// src/modules/messaging/notice.resource.ts
var noticeList = {
  meta: noticeResource,
  table: notices,
  record: NoticeRowSchema,
  input: NoticeInputSchema,
  verbs: ["export"],
  // reading one notice marks it read for its reader: notice.routes.ts serves that
  ownReadById: true
};

// src/modules/messaging/notice.routes.ts
import { z as z25 } from "zod";

// src/modules/messaging/notice.service.ts
import { and as and17, count as count4, desc as desc6, eq as eq22, inArray as inArray11, like as like3, or as or5 } from "drizzle-orm";

// src/modules/messaging/notice.sanitize.ts
import sanitizeHtml from "sanitize-html";
var NOTICE_HTML = {
  allowedTags: [...NOTICE_HTML_TAGS],
  allowedAttributes: { a: [...NOTICE_HTML_ATTRIBUTES.a], ol: [...NOTICE_HTML_ATTRIBUTES.ol] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: "discard",
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs.href ? { href: attribs.href } : {},
        ...attribs.target === "_blank" ? { target: "_blank" } : {},
        rel: "noopener noreferrer nofollow"
      }
    })
  }
};
var sanitizeNoticeHtml = (html) => sanitizeHtml(html, NOTICE_HTML).trim();
var plainText = (html, max2) => {
  const text9 = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {}
  }).replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
  return text9.length > max2 ? `${text9.slice(0, max2 - 1)}\u2026` : text9;
};

// src/modules/messaging/notice.service.ts
var iso2 = (d) => d ? d.toISOString() : null;
var toNotice = (row) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  noticeType: row.noticeType,
  openType: row.openType,
  openUrl: row.openUrl,
  targetType: row.targetType,
  targetIds: row.targetIds,
  status: row.status,
  sender: row.senderName,
  publishTime: iso2(row.publishTime),
  withdrawTime: iso2(row.withdrawTime),
  createTime: row.createAt.toISOString(),
  version: row.version
});
var toDetail = (row, readFlag) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  noticeType: row.noticeType,
  openType: row.openType,
  openUrl: row.openUrl,
  sender: row.senderName,
  publishTime: iso2(row.publishTime),
  createTime: row.createAt.toISOString(),
  readFlag
});
var toBrief = (row, readFlag) => {
  const { content: _c, ...brief } = toDetail(row, readFlag);
  return brief;
};
var CHUNK4 = 1e3;
var LIST_LIMIT = 200;
var UNREAD_INFO_LIMIT = 10;
var createNoticeService = (deps) => {
  const { db, events } = deps;
  const load = async (tx, id2, lock = false) => {
    const q2 = tx.select().from(notices).where(eq22(notices.id, id2));
    const [row] = lock ? await q2.for("update") : await q2;
    if (!row) notFound();
    return row;
  };
  const checkTargets = async (tx, input) => {
    if (input.targetType === "all") return [];
    const ids2 = [...new Set(input.targetIds)];
    const table = input.targetType === "departments" ? departments : roles;
    const [row] = await tx.select({ n: count4() }).from(table).where(inArray11(table.id, ids2));
    if ((row?.n ?? 0) !== ids2.length) fail(Errors.ParameterError, [{ path: "targetIds", message: "unknown id" }]);
    return ids2;
  };
  const fields = async (tx, input) => ({
    title: input.title,
    content: sanitizeNoticeHtml(input.content),
    noticeType: input.noticeType,
    openType: input.openType,
    openUrl: input.openType === "url" ? input.openUrl ?? null : null,
    targetType: input.targetType,
    targetIds: await checkTargets(tx, input)
  });
  const recipientsOf = async (tx, row) => {
    const active = and17(eq22(users.delFlag, false), eq22(users.status, "1"));
    if (row.targetType === "all") {
      return (await tx.select({ id: users.id }).from(users).where(active)).map((r) => r.id);
    }
    if (row.targetIds.length === 0) return [];
    if (row.targetType === "roles") {
      const rows2 = await tx.selectDistinct({ id: users.id }).from(userRoles).innerJoin(users, eq22(users.id, userRoles.userId)).where(and17(active, inArray11(userRoles.roleId, row.targetIds)));
      return rows2.map((r) => r.id);
    }
    const chosen = await tx.select({ orgCode: departments.orgCode }).from(departments).where(inArray11(departments.id, row.targetIds));
    if (chosen.length === 0) return [];
    const rows = await tx.selectDistinct({ id: users.id }).from(userDepartments).innerJoin(departments, eq22(departments.id, userDepartments.departId)).innerJoin(users, eq22(users.id, userDepartments.userId)).where(and17(active, or5(...chosen.map((d) => like3(departments.orgCode, `${d.orgCode}%`)))));
    return rows.map((r) => r.id);
  };
  const create = async (input, actor, audit) => db.transaction(async (tx) => {
    const [row] = await tx.insert(notices).values({
      ...await fields(tx, NoticeInputSchema.parse(input)),
      status: "draft",
      orgCode: actor.orgCode,
      createBy: actor.userId
    }).returning();
    if (!row) fail(Errors.OperationFailed);
    await audit(tx, { operation: "sys_notice:add", resource: "sys_notice", objectId: row.id, after: toNotice(row) });
    return toNotice(row);
  });
  const update = async (input, actor, audit) => db.transaction(async (tx) => {
    const before = await load(tx, input.id, true);
    if (before.status === "published") return { warn: "noticePublishedCannotEdit" };
    if (before.version !== input.version) staleVersion();
    const [row] = await tx.update(notices).set({
      ...await fields(tx, NoticeInputSchema.parse(input)),
      status: "draft",
      updateAt: /* @__PURE__ */ new Date(),
      updateBy: actor.userId,
      version: before.version + 1
    }).where(and17(eq22(notices.id, input.id), eq22(notices.version, input.version))).returning();
    if (!row) staleVersion();
    await audit(tx, {
      operation: "sys_notice:edit",
      resource: "sys_notice",
      objectId: row.id,
      before: toNotice(before),
      after: toNotice(row)
    });
    return { value: toNotice(row) };
  });
  const listForReader = async (userId, onlyUnread = false, limit = LIST_LIMIT) => {
    const where = and17(
      eq22(noticeRecipients.userId, userId),
      eq22(notices.status, "published"),
      onlyUnread ? eq22(noticeRecipients.readFlag, ReadFlag.Unread) : void 0
    );
    const rows = await db.select({ notice: notices, readFlag: noticeRecipients.readFlag }).from(noticeRecipients).innerJoin(notices, eq22(notices.id, noticeRecipients.noticeId)).where(where).orderBy(desc6(notices.publishTime), desc6(notices.id)).limit(limit);
    const [total] = await db.select({ n: count4() }).from(noticeRecipients).innerJoin(notices, eq22(notices.id, noticeRecipients.noticeId)).where(where);
    return { total: total?.n ?? 0, records: rows.map((r) => toBrief(r.notice, r.readFlag)) };
  };
  return {
    create,
    update,
    /** The editor's 'save draft': a new notice, or an existing draft changed. */
    async saveDraft(input, actor, audit) {
      const draft = NoticeDraftSchema.parse(input);
      if (!draft.id) return { value: await create(draft, actor, audit) };
      if (draft.version === void 0) fail(Errors.ParameterError, [{ path: "version", message: "required" }]);
      return update({ ...draft, id: draft.id, version: draft.version }, actor, audit);
    },
    /** For the editor: any notice, whatever its state. */
    async get(id2) {
      return toNotice(await load(db, id2));
    },
    /**
     * Sends a draft (or a withdrawn notice) to its recipients: fixes the recipient list, resets
     * their read state, and emits `notice.published` in the same transaction (which becomes
     * their messages).
     */
    async publish(id2, actor, audit) {
      return db.transaction(async (tx) => {
        const before = await load(tx, id2, true);
        if (before.status === "published") return { warn: "noticeAlreadyPublished" };
        const recipientIds = await recipientsOf(tx, before);
        if (recipientIds.length === 0) return { warn: "noticeNoRecipients" };
        const [row] = await tx.update(notices).set({
          status: "published",
          publishTime: /* @__PURE__ */ new Date(),
          withdrawTime: null,
          senderId: actor.userId,
          senderName: actor.realname,
          updateAt: /* @__PURE__ */ new Date(),
          updateBy: actor.userId,
          version: before.version + 1
        }).where(eq22(notices.id, id2)).returning();
        if (!row) notFound();
        await tx.delete(noticeRecipients).where(eq22(noticeRecipients.noticeId, id2));
        for (let i = 0; i < recipientIds.length; i += CHUNK4) {
          await tx.insert(noticeRecipients).values(recipientIds.slice(i, i + CHUNK4).map((userId) => ({ noticeId: id2, userId })));
        }
        await events.emit(tx, {
          type: "notice.published",
          noticeId: id2,
          title: row.title,
          recipientIds,
          senderId: actor.userId
        });
        await audit(tx, {
          operation: "sys_notice:publish",
          resource: "sys_notice",
          objectId: id2,
          before: { status: before.status },
          after: { status: row.status, recipients: recipientIds.length }
        });
        return { value: toNotice(row) };
      });
    },
    /** Takes a published notice back: its readers get a warning instead of the text from now on. */
    async withdraw(id2, actor, audit) {
      return db.transaction(async (tx) => {
        const before = await load(tx, id2, true);
        if (before.status !== "published") return { warn: "noticeNotPublished" };
        const [row] = await tx.update(notices).set({
          status: "withdrawn",
          withdrawTime: /* @__PURE__ */ new Date(),
          updateAt: /* @__PURE__ */ new Date(),
          updateBy: actor.userId,
          version: before.version + 1
        }).where(eq22(notices.id, id2)).returning();
        if (!row) notFound();
        await audit(tx, {
          operation: "sys_notice:withdraw",
          resource: "sys_notice",
          objectId: id2,
          before: { status: before.status },
          after: { status: row.status }
        });
        return { value: toNotice(row) };
      });
    },
    /** Deletes a draft or withdrawn notice, and the messages that announced it. */
    async remove(id2, audit) {
      return db.transaction(async (tx) => {
        const before = await load(tx, id2, true);
        if (before.status === "published") return { warn: "noticePublishedCannotEdit" };
        await tx.delete(messages).where(eq22(messages.noticeId, id2));
        await tx.delete(notices).where(eq22(notices.id, id2));
        await audit(tx, {
          operation: "sys_notice:delete",
          resource: "sys_notice",
          objectId: id2,
          before: toNotice(before)
        });
        return { value: null };
      });
    },
    /** A notice sent to the reader; opening it marks it (and the messages announcing it) read. */
    async read(id2, userId) {
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ notice: notices, readFlag: noticeRecipients.readFlag }).from(noticeRecipients).innerJoin(notices, eq22(notices.id, noticeRecipients.noticeId)).where(and17(eq22(noticeRecipients.noticeId, id2), eq22(noticeRecipients.userId, userId)));
        if (!found) notFound();
        if (found.notice.status !== "published") return { warn: "noticeWithdrawn" };
        if (found.readFlag === ReadFlag.Unread) {
          await tx.update(noticeRecipients).set({ readFlag: ReadFlag.Read, readTime: /* @__PURE__ */ new Date() }).where(and17(eq22(noticeRecipients.noticeId, id2), eq22(noticeRecipients.userId, userId)));
        }
        await createMessageService(tx).markNoticeRead(userId, [id2]);
        return { value: toDetail(found.notice, ReadFlag.Read) };
      });
    },
    listForReader,
    unreadInfo: (userId) => listForReader(userId, true, UNREAD_INFO_LIMIT),
    /** Departments and roles a notice can be sent to. */
    async targetOptions() {
      const [depts, roleRows] = await Promise.all([
        db.select({
          id: departments.id,
          orgCode: departments.orgCode,
          name: departments.departName,
          nameEn: departments.departNameEn
        }).from(departments).where(eq22(departments.status, "1")).orderBy(departments.orgCode),
        db.select({ id: roles.id, code: roles.roleCode, name: roles.roleName, nameEn: roles.roleNameEn }).from(roles).orderBy(roles.roleCode)
      ]);
      return { departments: depts, roles: roleRows };
    }
  };
};

// src/modules/messaging/texts.ts
var MessagingText = {
  noticeWithdrawn: { zh: "\u8BE5\u516C\u544A\u5DF2\u64A4\u56DE", en: "This notice has been withdrawn" },
  noticePublishedCannotEdit: {
    zh: "\u5DF2\u53D1\u5E03\u7684\u516C\u544A\u4E0D\u80FD\u4FEE\u6539\uFF0C\u8BF7\u5148\u64A4\u56DE",
    en: "A published notice cannot be changed; withdraw it first"
  },
  noticeAlreadyPublished: { zh: "\u8BE5\u516C\u544A\u5DF2\u53D1\u5E03", en: "This notice is already published" },
  noticeNotPublished: { zh: "\u53EA\u6709\u5DF2\u53D1\u5E03\u7684\u516C\u544A\u53EF\u4EE5\u64A4\u56DE", en: "Only a published notice can be withdrawn" },
  noticeNoRecipients: { zh: "\u6CA1\u6709\u7B26\u5408\u53D1\u9001\u8303\u56F4\u7684\u7528\u6237", en: "No user matches the chosen recipients" }
};
var menuNames = new Map(flattenMenus().map(({ menu }) => [menu.code, { zh: menu.zh, en: menu.en }]));
var BUSINESS_MENU = {
  [AuditBusiness.Product]: "pro_product",
  [AuditBusiness.SaleOrder]: "sale_order",
  [AuditBusiness.OrderAdjust]: "sale_apply_modify",
  [AuditBusiness.OrderDelete]: "sale_order_delete"
};
var menuOfBusiness = (business) => {
  const code5 = BUSINESS_MENU[business] ?? business;
  return menuNames.has(code5) ? code5 : null;
};
var businessName = (business, lang) => {
  const code5 = menuOfBusiness(business);
  return code5 && menuNames.get(code5)?.[lang] || business;
};
var subject = (business, objectNo, lang) => [businessName(business, lang), objectNo].filter(Boolean).join(" ");
var approvalTexts = {
  reviewNeeded: (lang, e) => lang === "en" ? {
    title: `Review needed: ${subject(e.business, e.objectNo, lang)}`,
    content: `Step ${e.stepNo} of the approval is waiting for your review.`
  } : {
    title: `\u5F85\u5BA1\u6838\uFF1A${subject(e.business, e.objectNo, lang)}`,
    content: `\u5BA1\u6279\u6D41\u7A0B\u7B2C ${e.stepNo} \u6B65\u7B49\u5F85\u60A8\u5BA1\u6838\u3002`
  },
  approved: (lang, e) => {
    const note = e.note ? lang === "en" ? ` Note: ${e.note}` : ` \u5BA1\u6838\u610F\u89C1\uFF1A${e.note}` : "";
    return lang === "en" ? {
      title: `Approved: ${subject(e.business, e.objectNo, lang)}`,
      content: `${e.final ? "The approval is complete." : "One step was approved; the next reviewer has it now."}${note}`
    } : {
      title: `\u5BA1\u6838\u901A\u8FC7\uFF1A${subject(e.business, e.objectNo, lang)}`,
      content: `${e.final ? "\u5BA1\u6279\u6D41\u7A0B\u5DF2\u5168\u90E8\u901A\u8FC7\u3002" : "\u5DF2\u901A\u8FC7\u4E00\u6B65\u5BA1\u6838\uFF0C\u7B49\u5F85\u4E0B\u4E00\u6B65\u5BA1\u6838\u3002"}${note}`
    };
  },
  rejected: (lang, e) => lang === "en" ? {
    title: `Rejected: ${subject(e.business, e.objectNo, lang)}`,
    content: e.note ? `Reason: ${e.note}` : "The approval was rejected."
  } : {
    title: `\u5DF2\u9A73\u56DE\uFF1A${subject(e.business, e.objectNo, lang)}`,
    content: e.note ? `\u9A73\u56DE\u539F\u56E0\uFF1A${e.note}` : "\u5BA1\u6279\u5DF2\u88AB\u9A73\u56DE\u3002"
  }
};

// src/modules/messaging/notice.routes.ts
var tags2 = ["messaging"];
var actorOf = (req) => {
  const p = principalOf(req);
  return { userId: p.userId, realname: p.realname, orgCode: p.orgCode };
};
var auditOf = (req) => (tx, entry2) => recordOperation(tx, req, entry2);
var answer = (req, outcome) => "warn" in outcome ? warning(MessagingText[outcome.warn][requestLang(req)]) : ok(outcome.value);
var noticeRoutes = async (app2) => {
  const { database: database2, events } = app2.deps;
  const service = createNoticeService({ db: database2.db, events });
  app2.get(
    "/sys/notice/queryAllList",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags2,
        summary: "Published notices sent to the caller, newest first, with their read state",
        response: okResponse(z25.array(NoticeBriefSchema))
      }
    },
    async (req) => ok((await service.listForReader(principalOf(req).userId)).records)
  );
  app2.get(
    "/sys/notice/getUnreadInfo",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags2,
        summary: "How many notices the caller has not read, and the newest of them",
        response: okResponse(NoticeUnreadInfoSchema)
      }
    },
    async (req) => ok(await service.unreadInfo(principalOf(req).userId))
  );
  app2.get(
    "/sys/notice/queryById",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags2,
        summary: "Open a notice sent to you (marks it read); a withdrawn one answers a 510 warning",
        querystring: IdQuerySchema,
        response: okOrWarningResponse(NoticeDetailSchema)
      }
    },
    async (req) => answer(req, await service.read(req.query.id, principalOf(req).userId))
  );
  app2.get(
    "/sys/notice/queryForEdit",
    {
      config: { permission: ["sys_notice:edit", "sys_notice:publish", "sys_notice:withdraw"] },
      schema: {
        tags: tags2,
        summary: "A notice in any state, for its editor",
        querystring: IdQuerySchema,
        response: okResponse(NoticeSchema)
      }
    },
    async (req) => ok(await service.get(req.query.id))
  );
  app2.get(
    "/sys/notice/targetOptions",
    {
      config: { permission: ["sys_notice:add", "sys_notice:edit"] },
      schema: {
        tags: tags2,
        summary: "Departments and roles a notice can be sent to",
        response: okResponse(NoticeTargetOptionsSchema)
      }
    },
    async () => ok(await service.targetOptions())
  );
  app2.post(
    "/sys/notice/add",
    {
      config: { permission: "sys_notice:add" },
      schema: {
        tags: tags2,
        summary: "Write a new notice (a draft)",
        body: NoticeInputSchema,
        response: okResponse(NoticeSchema)
      }
    },
    async (req) => ok(await service.create(req.body, actorOf(req), auditOf(req)))
  );
  app2.post(
    "/sys/notice/edit",
    {
      config: { permission: "sys_notice:edit" },
      schema: {
        tags: tags2,
        summary: "Change a draft or withdrawn notice (it becomes a draft)",
        body: NoticeEditSchema,
        response: okOrWarningResponse(NoticeSchema)
      }
    },
    async (req) => answer(req, await service.update(req.body, actorOf(req), auditOf(req)))
  );
  app2.post(
    "/sys/notice/saveDraft",
    {
      config: { permission: ["sys_notice:add", "sys_notice:edit"] },
      schema: {
        tags: tags2,
        summary: "The editor's 'save draft': new without id (add), existing with id and version (edit)",
        body: NoticeDraftSchema,
        response: okOrWarningResponse(NoticeSchema)
      }
    },
    async (req) => {
      const key2 = req.body.id ? "sys_notice:edit" : "sys_notice:add";
      if (!principalOf(req).permissions.has(key2)) fail(Errors.PermissionDenied);
      return answer(req, await service.saveDraft(req.body, actorOf(req), auditOf(req)));
    }
  );
  app2.post(
    "/sys/notice/publish",
    {
      config: { permission: "sys_notice:publish" },
      schema: {
        tags: tags2,
        summary: "Send a draft or withdrawn notice to its recipients",
        body: IdBodySchema,
        response: okOrWarningResponse(NoticeSchema)
      }
    },
    async (req) => answer(req, await service.publish(req.body.id, actorOf(req), auditOf(req)))
  );
  app2.post(
    "/sys/notice/withdraw",
    {
      config: { permission: "sys_notice:withdraw" },
      schema: {
        tags: tags2,
        summary: "Take a published notice back",
        body: IdBodySchema,
        response: okOrWarningResponse(NoticeSchema)
      }
    },
    async (req) => answer(req, await service.withdraw(req.body.id, actorOf(req), auditOf(req)))
  );
  app2.delete(
    "/sys/notice/delete",
    {
      config: { permission: "sys_notice:delete" },
      schema: {
        tags: tags2,
        summary: "Delete a draft or withdrawn notice and the messages that announced it",
        querystring: IdQuerySchema,
        response: okOrWarningResponse(z25.null())
      }
    },
    async (req) => answer(req, await service.remove(req.query.id, auditOf(req)))
  );
};

// src/modules/messaging/producers.ts
import { eq as eq23, inArray as inArray12 } from "drizzle-orm";
var people = async (tx, ids2) => {
  const wanted = [...new Set(ids2.filter((id2) => Boolean(id2)))];
  if (wanted.length === 0) return /* @__PURE__ */ new Map();
  const rows = await tx.select({ id: users.id, realname: users.realname, lang: users.lang }).from(users).where(inArray12(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { ...r, lang: parseLang(r.lang) }]));
};
var EXCERPT = 200;
var subscribeMessageProducers = (events) => {
  const offs = [
    events.on("approval.reviewNeeded", async (tx, e) => {
      const found = await people(tx, [...e.reviewerIds, e.submitterId]);
      const submitter2 = e.submitterId ? found.get(e.submitterId) : void 0;
      await sendMessages(
        tx,
        [...new Set(e.reviewerIds)].flatMap((id2) => {
          const reviewer = found.get(id2);
          if (!reviewer) return [];
          return [
            {
              recipientId: id2,
              ...approvalTexts.reviewNeeded(reviewer.lang, e),
              creator: submitter2?.realname ?? null,
              creatorId: submitter2?.id ?? null,
              menuId: menuOfBusiness(e.business),
              params: e.objectNo ? { busObjNo: e.objectNo } : null,
              source: e.type
            }
          ];
        })
      );
    }),
    ...["approval.approved", "approval.rejected"].map(
      (type) => events.on(type, async (tx, e) => {
        if (!e.submitterId) return;
        const found = await people(tx, [e.submitterId, e.decidedBy]);
        const submitter2 = found.get(e.submitterId);
        if (!submitter2) return;
        const texts = e.type === "approval.approved" ? approvalTexts.approved(submitter2.lang, e) : approvalTexts.rejected(submitter2.lang, e);
        const decider2 = found.get(e.decidedBy);
        await sendMessages(tx, [
          {
            recipientId: submitter2.id,
            ...texts,
            creator: decider2?.realname ?? null,
            creatorId: decider2?.id ?? null,
            menuId: menuOfBusiness(e.business),
            params: e.objectNo ? { busObjNo: e.objectNo } : null,
            source: e.type
          }
        ]);
      })
    ),
    events.on("notice.published", async (tx, e) => {
      const [notice] = await tx.select({ content: notices.content, senderName: notices.senderName }).from(notices).where(eq23(notices.id, e.noticeId));
      const excerpt = plainText(notice?.content ?? "", EXCERPT);
      await sendMessages(
        tx,
        [...new Set(e.recipientIds)].map((recipientId) => ({
          recipientId,
          title: e.title,
          content: excerpt,
          creator: notice?.senderName ?? null,
          creatorId: e.senderId,
          noticeId: e.noticeId,
          source: e.type
        }))
      );
    })
  ];
  return () => {
    for (const off of offs) off();
  };
};

// src/modules/messaging/index.ts
var messagingModule = async (app2) => {
  const { database: database2, events } = app2.deps;
  const registry = createConnectionRegistry();
  const delivery = createLiveDelivery({ database: database2, registry, log: app2.log });
  const unsubscribe = subscribeMessageProducers(events);
  await delivery.start();
  app2.addHook("onClose", async () => {
    unsubscribe();
    await delivery.stop();
  });
  await app2.register(messageRoutes);
  await app2.register(noticeRoutes);
  registerResource(app2, noticeList);
  await app2.register(liveConnectionPlugin, { registry });
};

// src/modules/product/branch-sale.resource.ts
import { and as and18, eq as eq24, inArray as inArray13 } from "drizzle-orm";
var assertBranch = async (tx, branchId) => {
  const [b] = await tx.select({ id: branches.id }).from(branches).where(and18(eq24(branches.id, branchId), eq24(branches.status, "1")));
  if (!b) fail(Errors.ParameterError, { field: "branchId" });
};
var sellableProducts = async (tx, ids2) => {
  const unique = [...new Set(ids2)];
  const rows = await tx.select({ id: products.id, auditStatus: products.auditStatus, status: products.status }).from(products).where(inArray13(products.id, unique)).for("share");
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    fail(Errors.ProductMissing, { productIds: unique.filter((id2) => !found.has(id2)) });
  }
  const unsellable = rows.filter((r) => !isSellable(r)).map((r) => r.id);
  if (unsellable.length > 0) fail(Errors.DataChanged, { productIds: unsellable, reason: "not approved" });
  return rows;
};
var salePricesOf = async (tx, ids2) => {
  const rows = await tx.select({ productId: productPrices.productId, price: productPrices.price, currency: productPrices.currency }).from(productPrices).where(and18(inArray13(productPrices.productId, [...ids2]), eq24(productPrices.priceType, PriceType.Sale)));
  return new Map(rows.map((r) => [r.productId, r]));
};
var branchSaleCrud = {
  meta: branchSaleRelResource,
  table: branchSaleRels,
  record: BranchSaleRelSchema,
  input: BranchSaleRelInputSchema,
  verbs: ["add", "edit", "delete", "export"],
  hooks: {
    async beforeInsert(values2, { tx }) {
      const productId = values2.productId;
      await assertBranch(tx, values2.branchId);
      await sellableProducts(tx, [productId]);
      const [clash] = await tx.select({ id: branchSaleRels.id }).from(branchSaleRels).where(and18(eq24(branchSaleRels.branchId, values2.branchId), eq24(branchSaleRels.productId, productId)));
      if (clash) fail(Errors.DuplicateProduct, { productId });
      if (values2.salePrice == null) {
        const price = (await salePricesOf(tx, [productId])).get(productId);
        return { ...values2, salePrice: price?.price ?? null, currency: values2.currency ?? price?.currency ?? null };
      }
      return values2;
    },
    async beforeUpdate(values2, before) {
      for (const field of ["branchId", "productId"]) {
        if (field in values2 && values2[field] !== before[field]) fail(Errors.ParameterError, { field });
      }
      return values2;
    }
  }
};

// src/modules/product/branch-sale.service.ts
import { and as and19, eq as eq25, inArray as inArray14 } from "drizzle-orm";
var createBranchSaleService = (deps) => ({
  async batchAdd(req, principal, input) {
    const ids2 = [...new Set(input.productIds)];
    return deps.db.transaction(async (tx) => {
      await assertBranch(tx, input.branchId);
      await sellableProducts(tx, ids2);
      const existing = await tx.select({ productId: branchSaleRels.productId }).from(branchSaleRels).where(and19(eq25(branchSaleRels.branchId, input.branchId), inArray14(branchSaleRels.productId, ids2)));
      const had = new Set(existing.map((r) => r.productId));
      const fresh = ids2.filter((id2) => !had.has(id2));
      if (fresh.length === 0) return { added: 0, skipped: ids2.length };
      const prices = input.salePrice == null ? await salePricesOf(tx, fresh) : /* @__PURE__ */ new Map();
      const rows = await tx.insert(branchSaleRels).values(
        fresh.map((productId) => ({
          branchId: input.branchId,
          productId,
          salePrice: input.salePrice ?? prices.get(productId)?.price ?? null,
          currency: input.currency ?? prices.get(productId)?.currency ?? null,
          createBy: principal.userId,
          orgCode: principal.orgCode
        }))
      ).onConflictDoNothing().returning();
      await recordOperations(
        tx,
        req,
        rows.map((row) => ({
          operation: "pro_branch_sale:batchAdd",
          resource: "pro_branch_sale_rel",
          objectId: row.id,
          before: null,
          after: row
        }))
      );
      return { added: rows.length, skipped: ids2.length - rows.length };
    });
  }
});

// src/modules/product/category.resource.ts
import { eq as eq26 } from "drizzle-orm";
var ancestorsOf = async (tx, id2) => {
  const chain = [];
  for (let cur2 = id2; cur2 && chain.length < 50; ) {
    chain.push(cur2);
    const [row] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq26(categories.id, cur2));
    if (!row) fail(Errors.ParameterError, { field: "parentId" });
    cur2 = row.parentId;
  }
  return chain;
};
var checkParent = async (tx, parentId, selfId) => {
  if (!parentId) return;
  const chain = await ancestorsOf(tx, parentId);
  if (selfId && chain.includes(selfId)) fail(Errors.ParameterError, { field: "parentId" });
};
var categoryCrud = {
  meta: categoryResource,
  table: categories,
  record: CategorySchema,
  input: CategoryInputSchema,
  pinyin: true,
  listAll: { where: () => eq26(categories.status, "1"), alias: ["getForDropDown"] },
  referencedBy: [
    { table: categories, column: categories.parentId },
    { table: products, column: products.categoryId }
  ],
  hooks: {
    async beforeInsert(values2, { tx }) {
      await checkParent(tx, values2.parentId);
      return values2;
    },
    async beforeUpdate(values2, before, { tx }) {
      if ("parentId" in values2) await checkParent(tx, values2.parentId, before.id);
      return values2;
    }
  }
};

// src/modules/product/price.resource.ts
var priceCrud = {
  meta: priceResource,
  table: productPrices,
  record: PriceSchema,
  input: PriceInputSchema,
  verbs: ["edit", "history", "export"],
  hooks: {
    async beforeUpdate(values2, before) {
      for (const field of ["productId", "priceType"]) {
        if (field in values2 && values2[field] !== before[field]) fail(Errors.ParameterError, { field });
      }
      const from = values2.validFrom ?? before.validFrom;
      const to = "validTo" in values2 ? values2.validTo : before.validTo;
      if (to && to < from) fail(Errors.ParameterError, { field: "validTo" });
      return values2;
    }
  }
};

// src/modules/product/price.service.ts
import { and as and20, asc as asc8, desc as desc7, eq as eq27, inArray as inArray15, sql as sql15 } from "drizzle-orm";
var PRICE_TABLE = "pro_product_price";
var ORDER = new Map(PriceTypeValues.map((t, i) => [t, i]));
var byType = (a, b) => (ORDER.get(a.priceType) ?? 9) - (ORDER.get(b.priceType) ?? 9);
var same = (row, line) => Number(row.price) === Number(line.price) && row.currency === line.currency && row.validFrom === line.validFrom && (row.validTo ?? null) === (line.validTo ?? null) && (row.remark ?? null) === (line.remark ?? null);
var snapshot = (v) => v && typeof v === "object" ? {
  price: Number(v.price),
  currency: String(v.currency ?? ""),
  validFrom: String(v.validFrom ?? ""),
  validTo: v.validTo == null ? null : String(v.validTo)
} : null;
var createPriceService = (deps) => {
  const { db } = deps;
  const assertProduct = async (productId) => {
    const [p] = await db.select({ id: products.id }).from(products).where(eq27(products.id, productId));
    if (!p) notFound();
  };
  const pricesOf = async (productId) => (await db.select().from(productPrices).where(eq27(productPrices.productId, productId))).sort(byType);
  return {
    async query(productId) {
      await assertProduct(productId);
      return pricesOf(productId);
    },
    /** Sets the given prices of one product; unchanged ones are left alone (no version, no log). */
    async save(req, principal, productId, lines) {
      await db.transaction(async (tx) => {
        const [p] = await tx.select({ id: products.id }).from(products).where(eq27(products.id, productId)).for("update");
        if (!p) notFound();
        const existing = await tx.select().from(productPrices).where(eq27(productPrices.productId, productId)).for("update");
        const now = /* @__PURE__ */ new Date();
        for (const line of lines) {
          const values2 = {
            price: Number(line.price),
            currency: line.currency,
            validFrom: line.validFrom,
            validTo: line.validTo ?? null,
            remark: line.remark ?? null
          };
          const row = existing.find((r) => r.priceType === line.priceType);
          if (row && same(row, line)) continue;
          const [after] = row ? await tx.update(productPrices).set({
            ...values2,
            version: sql15`${productPrices.version} + 1`,
            updateAt: now,
            updateBy: principal.userId
          }).where(eq27(productPrices.id, row.id)).returning() : await tx.insert(productPrices).values({ ...values2, productId, priceType: line.priceType, createBy: principal.userId, createAt: now }).returning();
          await recordOperation(tx, req, {
            operation: row ? "pro_price:edit" : "pro_price:add",
            resource: PRICE_TABLE,
            objectId: after.id,
            before: row ?? null,
            after: after ?? null
          });
        }
      });
      return pricesOf(productId);
    },
    /** Every change of the product's prices, newest first. */
    async history(productId) {
      await assertProduct(productId);
      const prices = await db.select({ id: productPrices.id, priceType: productPrices.priceType }).from(productPrices).where(eq27(productPrices.productId, productId)).orderBy(asc8(productPrices.priceType));
      if (prices.length === 0) return [];
      const typeOf = new Map(prices.map((p) => [p.id, p.priceType]));
      const rows = await db.select().from(operationLogs).where(and20(eq27(operationLogs.resource, PRICE_TABLE), inArray15(operationLogs.objectId, [...typeOf.keys()]))).orderBy(desc7(operationLogs.createAt)).limit(500);
      return rows.map((r) => ({
        id: r.id,
        priceType: typeOf.get(r.objectId ?? "") ?? "",
        operation: r.operation ?? "",
        username: r.username,
        createAt: r.createAt,
        before: snapshot(r.before),
        after: snapshot(r.after)
      }));
    }
  };
};

// src/modules/product/product.resource.ts
import { and as and22, asc as asc9, eq as eq29, inArray as inArray17 } from "drizzle-orm";

// src/modules/product/product.rules.ts
import { and as and21, eq as eq28, inArray as inArray16, isNull as isNull5, notInArray as notInArray2, or as or6 } from "drizzle-orm";
var PRODUCT_TABLE_DIC = "product";
var norm2 = (v) => v === void 0 || v === "" ? null : v;
var changedDefiningFields = (before, after) => PRODUCT_DEFINING_FIELDS.filter((f) => f in after && norm2(after[f]) !== norm2(before[f]));
var isSoldByBranch = async (tx, productId) => {
  const [row] = await tx.select({ id: branchSaleRels.id }).from(branchSaleRels).where(eq28(branchSaleRels.productId, productId)).limit(1);
  return Boolean(row);
};
var assertCodeFree = async (tx, code5, exceptId) => {
  if (typeof code5 !== "string" || !code5) return;
  const [clash] = await tx.select({ id: products.id }).from(products).where(eq28(products.code, code5)).limit(1);
  if (clash && clash.id !== exceptId) fail(Errors.DuplicateProductCode, { field: "code", value: code5 });
};
var exists = async (field, found) => {
  if ((await found).length === 0) fail(Errors.ParameterError, { field });
};
var assertReferences2 = async (tx, values2) => {
  const { categoryId, supplierId, originCountryId } = values2;
  if (categoryId) {
    await exists(
      "categoryId",
      tx.select({ id: categories.id }).from(categories).where(and21(eq28(categories.id, categoryId), eq28(categories.status, "1")))
    );
  }
  if (supplierId) {
    await exists("supplierId", tx.select({ id: suppliers.id }).from(suppliers).where(eq28(suppliers.id, supplierId)));
  }
  if (originCountryId) {
    await exists(
      "originCountryId",
      tx.select({ id: countries.id }).from(countries).where(eq28(countries.id, originCountryId))
    );
  }
};
var assertDays = (values2, before) => {
  const pick3 = (f) => f in values2 ? values2[f] : before?.[f];
  const shelf = pick3("shelfLifeDays");
  const warn = pick3("expiryWarningDays");
  if (shelf != null && warn != null && warn > shelf) fail(Errors.ParameterError, { field: "expiryWarningDays" });
};
var checkUnitLines = async (tx, baseUnit, lines) => {
  const seen = /* @__PURE__ */ new Set();
  for (const [i, line] of lines.entries()) {
    const key2 = `${line.useCase}:${line.unit}`;
    if (seen.has(key2)) fail(Errors.DuplicateValue, { field: `units.${i}.unit`, useCase: line.useCase, unit: line.unit });
    seen.add(key2);
    if (line.unit === baseUnit && Number(line.conversionRate) !== 1) {
      fail(Errors.ParameterError, { field: `units.${i}.conversionRate`, reason: "the base unit converts at 1" });
    }
  }
  const specIds = [...new Set(lines.map((l) => l.boxSpecId).filter((id2) => Boolean(id2)))];
  if (specIds.length > 0) {
    const found = await tx.select({ id: boxSpecs.id }).from(boxSpecs).where(inArray16(boxSpecs.id, specIds));
    if (found.length !== specIds.length) fail(Errors.ParameterError, { field: "units.boxSpecId" });
  }
};
var replaceUnits = async (tx, productId, lines, userId) => {
  await tx.delete(productUnits).where(eq28(productUnits.productId, productId));
  if (lines.length === 0) return;
  await tx.insert(productUnits).values(
    lines.map((l) => ({
      productId,
      useCase: l.useCase,
      unit: l.unit,
      conversionRate: Number(l.conversionRate),
      boxSpecId: l.boxSpecId ?? null,
      perBox: l.perBox == null ? null : Number(l.perBox),
      remark: l.remark ?? null,
      createBy: userId
    }))
  );
};
var attachImages = async (tx, productId, ids2, userId) => {
  if (ids2.length > 0) {
    const rows = await tx.select({ id: attachments.id, mime: attachments.mime }).from(attachments).where(
      and21(
        inArray16(attachments.id, [...ids2]),
        or6(
          and21(isNull5(attachments.objectId), eq28(attachments.createBy, userId)),
          and21(eq28(attachments.tableDic, PRODUCT_TABLE_DIC), eq28(attachments.objectId, productId))
        )
      )
    );
    if (rows.length !== new Set(ids2).size || rows.some((r) => !r.mime.startsWith("image/"))) {
      fail(Errors.ParameterError, { field: "images" });
    }
    await tx.update(attachments).set({ tableDic: PRODUCT_TABLE_DIC, objectId: productId }).where(inArray16(attachments.id, [...ids2]));
  }
  await tx.update(attachments).set({ tableDic: null, objectId: null }).where(
    and21(
      eq28(attachments.tableDic, PRODUCT_TABLE_DIC),
      eq28(attachments.objectId, productId),
      ids2.length > 0 ? notInArray2(attachments.id, [...ids2]) : void 0
    )
  );
};

// src/modules/product/product.resource.ts
var withoutChildren = ({ units: _units, ...values2 }) => {
  if (values2.barcode === "") values2.barcode = null;
  return values2;
};
var withUnits = async (rows, db) => {
  const units = await db.select().from(productUnits).where(
    inArray17(
      productUnits.productId,
      rows.map((r) => r.id)
    )
  ).orderBy(asc9(productUnits.useCase), asc9(productUnits.conversionRate));
  const byProduct = /* @__PURE__ */ new Map();
  for (const u of units) byProduct.set(u.productId, [...byProduct.get(u.productId) ?? [], u]);
  return rows.map((r) => ({ ...r, units: byProduct.get(r.id) ?? [] }));
};
var productCrud = (review) => ({
  meta: productResource,
  table: products,
  record: ProductSchema,
  input: ProductInputSchema,
  pinyin: true,
  decorate: withUnits,
  // selects offer what can be sold: approved and enabled
  listAll: { where: () => and22(eq29(products.status, "1"), eq29(products.auditStatus, ApprovalStatus.Approved)) },
  referencedBy: [
    { table: branchSaleRels, column: branchSaleRels.productId },
    { table: stocks, column: stocks.productId },
    { table: branchStocks, column: branchStocks.productId },
    { table: stockDocLines, column: stockDocLines.productId },
    { table: stockLedger, column: stockLedger.productId }
  ],
  hooks: {
    async beforeInsert(values2, { tx }) {
      await assertCodeFree(tx, values2.code);
      await assertReferences2(tx, values2);
      assertDays(values2);
      const units = values2.units ?? [];
      await checkUnitLines(tx, values2.unit, units);
      return { ...withoutChildren(values2), auditStatus: ApprovalStatus.Pending };
    },
    async afterInsert(row, input, ctx) {
      const units = input.units ?? [];
      if (units.length > 0) {
        await replaceUnits(ctx.tx, row.id, units, ctx.principal.userId);
      }
      const images = input.images ?? [];
      if (images.length > 0) await attachImages(ctx.tx, row.id, images, ctx.principal.userId);
      const status2 = await review.submit(ctx.tx, row, ctx.principal, ctx.req, true);
      return status2 === row.auditStatus ? row : { ...row, auditStatus: status2, version: row.version + 1 };
    },
    async beforeUpdate(values2, before, { tx }) {
      if ("code" in values2) await assertCodeFree(tx, values2.code, before.id);
      await assertReferences2(tx, values2);
      assertDays(values2, before);
      const changed = changedDefiningFields(before, withoutChildren({ ...values2 }));
      if (changed.length > 0 && await isSoldByBranch(tx, before.id)) {
        fail(Errors.ProductSoldByBranch, { fields: changed });
      }
      if (values2.units !== void 0) {
        await checkUnitLines(tx, values2.unit ?? before.unit, values2.units);
      }
      const out = withoutChildren(values2);
      if (changed.length > 0 || before.auditStatus === ApprovalStatus.Rejected) out.auditStatus = ApprovalStatus.Pending;
      return out;
    },
    async afterUpdate(row, before, input, ctx) {
      if (input.units !== void 0) {
        await replaceUnits(ctx.tx, row.id, input.units, ctx.principal.userId);
      }
      if (input.images !== void 0) {
        await attachImages(ctx.tx, row.id, input.images, ctx.principal.userId);
      }
      const resubmit = changedDefiningFields(before, row).length > 0 || before.auditStatus === ApprovalStatus.Rejected;
      if (!resubmit) return row;
      const status2 = await review.submit(ctx.tx, row, ctx.principal, ctx.req);
      return status2 === row.auditStatus ? row : { ...row, auditStatus: status2, version: row.version + 1 };
    },
    async beforeDelete(row, { tx }) {
      await review.remove(tx, row.id);
    }
  }
});

// src/modules/product/product.review.ts
import { eq as eq30, sql as sql16 } from "drizzle-orm";
var refOf = (productId) => ({ business: AuditBusiness.Product, objectId: productId });
var createProductReview = (deps) => {
  const { engine, events } = deps;
  const setAuditStatus = (tx, productId, auditStatus) => tx.update(products).set({ auditStatus, version: sql16`${products.version} + 1`, updateAt: /* @__PURE__ */ new Date() }).where(eq30(products.id, productId)).returning();
  return {
    /**
     * Submits a product for review in the caller's transaction; an open review is restarted (the
     * product it was about has changed). Without a product flow in force the product is approved
     * at once. Answers the product's audit status. A new product (`isNew`) has no review to look for.
     */
    async submit(tx, product, principal, req, isNew = false) {
      const existing = isNew ? null : await engine.find(tx, refOf(product.id));
      if (existing && isOpen(existing.status)) await engine.remove(tx, refOf(product.id));
      try {
        await engine.start(
          tx,
          {
            ...refOf(product.id),
            objectNo: product.code,
            submitter: { userId: principal.userId, orgCode: principal.orgCode }
          },
          // the engine only logs with it; an import job passes a copy of its request
          { req }
        );
        return ApprovalStatus.Pending;
      } catch (e) {
        if (!isAppError(e) || e.entry.code !== Errors.AuditRecordNotFound.code) throw e;
        await setAuditStatus(tx, product.id, ApprovalStatus.Approved);
        return ApprovalStatus.Approved;
      }
    },
    /** Drops a deleted product's review. */
    remove: (tx, productId) => engine.remove(tx, refOf(productId)),
    /** The review's steps and decisions (the audit modal), or null when never submitted. */
    progress: (db, productId, lang) => engine.progress(db, refOf(productId), lang),
    /** The audit modal's decision on the current step. */
    decide: (tx, input, principal, req) => {
      const { id: id2, ...rest } = input;
      return engine.decide(tx, { ...refOf(id2), ...rest, actor: principal }, { req });
    },
    /**
     * Follows the product reviews: a step approved -> under review, the last one -> approved,
     * a final rejection -> rejected. In the decision's transaction. Answers the unsubscriber.
     */
    subscribe() {
      const offs = ["approval.approved", "approval.rejected"].map(
        (type) => events.on(type, async (tx, e) => {
          if (e.business !== AuditBusiness.Product) return;
          const ended = e.type === "approval.approved" ? ApprovalStatus.Approved : ApprovalStatus.Rejected;
          await setAuditStatus(tx, e.objectId, e.final ? ended : ApprovalStatus.UnderReview);
        })
      );
      return () => {
        for (const off of offs) off();
      };
    }
  };
};

// src/modules/product/product.routes.ts
import { eq as eq32 } from "drizzle-orm";
import { z as z26 } from "zod";

// src/modules/product/unit.resource.ts
import { and as and23, asc as asc10, eq as eq31, ne as ne5 } from "drizzle-orm";
var baseUnitOf = async (tx, productId) => {
  const [p] = await tx.select({ unit: products.unit }).from(products).where(eq31(products.id, productId));
  if (!p) fail(Errors.ProductMissing, { productId });
  return p.unit;
};
var assertUnitFree = async (tx, line, exceptId) => {
  const [clash] = await tx.select({ id: productUnits.id }).from(productUnits).where(
    and23(
      eq31(productUnits.productId, line.productId),
      eq31(productUnits.useCase, line.useCase),
      eq31(productUnits.unit, line.unit),
      exceptId ? ne5(productUnits.id, exceptId) : void 0
    )
  ).limit(1);
  if (clash) fail(Errors.DuplicateValue, { field: "unit", useCase: line.useCase, unit: line.unit });
};
var productUnitCrud = {
  meta: productUnitResource,
  table: productUnits,
  record: ProductUnitSchema,
  input: ProductUnitInputSchema,
  hooks: {
    async beforeInsert(values2, { tx }) {
      const line = values2;
      await checkUnitLines(tx, await baseUnitOf(tx, line.productId), [line]);
      await assertUnitFree(tx, line);
      return values2;
    },
    async beforeUpdate(values2, before, { tx }) {
      if ("productId" in values2 && values2.productId !== before.productId) {
        fail(Errors.ParameterError, { field: "productId" });
      }
      const line = { ...before, ...values2 };
      await checkUnitLines(tx, await baseUnitOf(tx, line.productId), [line]);
      await assertUnitFree(tx, line, before.id);
      return values2;
    }
  }
};
var unitsOfProduct = (db, productId) => db.select().from(productUnits).where(eq31(productUnits.productId, productId)).orderBy(asc10(productUnits.useCase), asc10(productUnits.conversionRate), asc10(productUnits.createAt));

// src/modules/product/product.routes.ts
var productRoutes = (deps) => async (app2) => {
  const { db } = app2.deps.database;
  const { review, prices, branchSales } = deps;
  const tags3 = ["product"];
  app2.get(
    "/pro/product/queryByCode",
    {
      config: { permission: "pro_product" },
      schema: {
        tags: tags3,
        summary: "A product by its code",
        querystring: ProductCodeQuerySchema,
        response: okResponse(ProductSchema)
      }
    },
    async (req) => {
      const [row] = await db.select().from(products).where(eq32(products.code, req.query.code)).limit(1);
      return ok(row ?? notFound());
    }
  );
  app2.get(
    "/pro/product/auditProduct",
    {
      config: { permission: "pro_product" },
      schema: {
        tags: tags3,
        summary: "A product's review: steps, decisions, the step to show (null when never submitted)",
        querystring: ProductAuditQuerySchema,
        response: okResponse(ReviewProgressSchema.nullable())
      }
    },
    async (req) => ok(await review.progress(db, req.query.id, requestLang(req)))
  );
  app2.post(
    "/pro/product/auditProduct",
    {
      config: { permission: "pro_product:audit" },
      schema: {
        tags: tags3,
        summary: "Approve or reject the current step of a product's review (note required)",
        body: ProductAuditSchema,
        response: okResponse(ReviewDecisionResultSchema)
      }
    },
    async (req) => {
      const { reviewId, ...rest } = await db.transaction((tx) => review.decide(tx, req.body, principalOf(req), req));
      return ok({ id: reviewId, ...rest });
    }
  );
  app2.get(
    "/pro/product/queryProductPrice",
    {
      config: { permission: ["pro_product", "pro_price"] },
      schema: {
        tags: tags3,
        summary: "A product's prices",
        querystring: ProductIdQuerySchema,
        response: okResponse(z26.array(PriceSchema))
      }
    },
    async (req) => ok(await prices.query(req.query.productId))
  );
  app2.post(
    "/pro/product/addOrEditProductPrice",
    {
      config: { permission: ["pro_product:price", "pro_price:edit"] },
      schema: {
        tags: tags3,
        summary: "Sets a product's prices (one per type); each change is logged",
        body: ProductPriceSaveSchema,
        response: okResponse(z26.array(PriceSchema))
      }
    },
    async (req) => ok(await prices.save(req, principalOf(req), req.body.productId, req.body.prices))
  );
  app2.get(
    "/pro/product/queryProductPriceHistory",
    {
      config: { permission: ["pro_product:price", "pro_price:history"] },
      schema: {
        tags: tags3,
        summary: "Every change of a product's prices: who, when, before, after",
        querystring: ProductIdQuerySchema,
        response: okResponse(z26.array(PriceChangeSchema))
      }
    },
    async (req) => ok(await prices.history(req.query.productId))
  );
  app2.get(
    "/pro/productUnit/getProductUnitListByProductId",
    {
      config: { permission: ["pro_product", "pro_unit"] },
      schema: {
        tags: tags3,
        summary: "A product's units with their conversion to the base unit and box spec",
        querystring: ProductUnitQuerySchema,
        response: okResponse(z26.array(ProductUnitSchema))
      }
    },
    async (req) => {
      const [p] = await db.select({ id: products.id }).from(products).where(eq32(products.id, req.query.productId));
      if (!p) fail(Errors.ProductMissing);
      return ok(await unitsOfProduct(db, req.query.productId));
    }
  );
  app2.post(
    "/pro/branchSaleRel/batchAdd",
    {
      config: { permission: "pro_branch_sale:add" },
      schema: {
        tags: tags3,
        summary: "Adds approved products to a branch (skips those it already sells)",
        body: BranchSaleBatchAddSchema,
        response: okResponse(BranchSaleBatchResultSchema)
      }
    },
    async (req) => ok(await branchSales.batchAdd(req, principalOf(req), req.body))
  );
};

// src/modules/product/index.ts
var productModule = async (app2) => {
  const { db } = app2.deps.database;
  const review = createProductReview({
    engine: createApprovalEngine({ events: app2.deps.events }),
    events: app2.deps.events
  });
  const unsubscribe = review.subscribe();
  app2.addHook("onClose", async () => unsubscribe());
  for (const resource of [categoryCrud, productCrud(review), productUnitCrud, priceCrud, branchSaleCrud]) {
    registerResource(app2, resource);
  }
  await app2.register(
    productRoutes({ review, prices: createPriceService({ db }), branchSales: createBranchSaleService({ db }) })
  );
};

// src/modules/stock/branch-stock.service.ts
import { and as and24, eq as eq33, inArray as inArray18, sql as sql17 } from "drizzle-orm";
import ExcelJS3 from "exceljs";
var BRANCH_STOCK_TITLES = {
  productCode: { zh: "\u4EA7\u54C1\u7F16\u7801", en: "Product code", also: ["\u4EA7\u54C1\u4EE3\u7801", "productcode", "code", "\u7F16\u7801"] },
  batchNo: { zh: "\u6279\u6B21\u53F7", en: "Batch no", also: ["\u6279\u6B21", "batch", "batchno", "batch number"] },
  quantity: { zh: "\u6570\u91CF", en: "Quantity", also: ["\u5E93\u5B58\u6570\u91CF", "qty", "stock"] },
  expiryDate: { zh: "\u6709\u6548\u671F\u81F3", en: "Expiry date", also: ["\u6709\u6548\u671F", "\u5230\u671F\u65E5", "expirydate", "expiry"] }
};
var MAX_ROWS = 2e4;
var headerField = (text9) => {
  const t = text9.trim().replace(/^\*/, "").trim().toLowerCase();
  return Object.keys(BRANCH_STOCK_TITLES).find((f) => {
    const titles = BRANCH_STOCK_TITLES[f];
    return [titles.zh, titles.en, f, ...titles.also].some((x) => x.toLowerCase() === t);
  });
};
var pad3 = (n) => String(n).padStart(2, "0");
var dayOf = (v) => {
  if (v === null || v === void 0) return null;
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad3(v.getUTCMonth() + 1)}-${pad3(v.getUTCDate())}`;
  const s = String(v).trim().replace(/\//g, "-");
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : void 0;
};
var parseWorkbook = async (buffer) => {
  const workbook = new ExcelJS3.Workbook();
  try {
    await workbook.xlsx.load(buffer);
  } catch {
    fail(Errors.FileTypeNotAllowed);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) fail(Errors.UploadBranchStock);
  const columns = /* @__PURE__ */ new Map();
  sheet.getRow(1).eachCell((cell, n) => {
    const f = headerField(String(cellContent(cell.value) ?? ""));
    if (f && !columns.has(f)) columns.set(f, n);
  });
  const errors = [];
  for (const f of ["productCode", "quantity"]) {
    if (!columns.has(f)) errors.push({ row: 1, field: f, reason: "column missing" });
  }
  if (errors.length > 0) return { rows: [], errors };
  if (sheet.rowCount - 1 > MAX_ROWS) fail(Errors.ParameterError, { reason: `at most ${MAX_ROWS} rows` });
  const rows = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const r = sheet.getRow(n);
    const get = (f) => columns.has(f) ? cellContent(r.getCell(columns.get(f)).value) : null;
    const code5 = get("productCode");
    const qty2 = get("quantity");
    if (code5 === null && qty2 === null) continue;
    if (code5 === null) errors.push({ row: n, field: "productCode", reason: "required" });
    const quantity2 = typeof qty2 === "number" ? qty2 : Number(String(qty2 ?? "").replace(/,/g, ""));
    if (qty2 === null || !Number.isFinite(quantity2) || quantity2 < 0 || quantity2 > 1e9) {
      errors.push({ row: n, field: "quantity", reason: "a number from 0" });
    }
    const expiryDate = dayOf(get("expiryDate"));
    if (expiryDate === void 0) errors.push({ row: n, field: "expiryDate", reason: "YYYY-MM-DD" });
    const batchNo2 = String(get("batchNo") ?? "").trim().slice(0, 64);
    rows.push({
      code: String(code5 ?? "").trim(),
      batchNo: batchNo2,
      quantity: Math.round(quantity2 * 1e3) / 1e3,
      expiryDate: expiryDate ?? null,
      row: n
    });
  }
  return { rows, errors };
};
var createBranchStockService = (deps) => {
  const { db } = deps;
  const assertMayUpload = async (principal, branchId) => {
    if (principal.dataScope === "all") return;
    const [managed] = await db.select({ id: userBranches.branchId }).from(userBranches).where(and24(eq33(userBranches.userId, principal.userId), eq33(userBranches.branchId, branchId)));
    if (!managed) fail(Errors.PermissionDenied);
  };
  return {
    async upload(req, principal, branchId, buffer) {
      await assertBranch(db, branchId);
      await assertMayUpload(principal, branchId);
      const { rows, errors } = await parseWorkbook(buffer);
      if (rows.length === 0 && errors.length === 0) fail(Errors.UploadBranchStock);
      const codes = [...new Set(rows.map((r) => r.code).filter(Boolean))];
      const found = codes.length ? await db.select({ id: products.id, code: products.code }).from(products).where(inArray18(products.code, codes)) : [];
      const idOf = new Map(found.map((p) => [p.code, p.id]));
      for (const r of rows)
        if (r.code && !idOf.has(r.code))
          errors.push({ row: r.row, field: "productCode", reason: `unknown product ${r.code}` });
      if (errors.length > 0) fail(Errors.ParameterError, { errors: errors.sort((a, b) => a.row - b.row).slice(0, 200) });
      const merged = /* @__PURE__ */ new Map();
      for (const r of rows) {
        const productId = idOf.get(r.code);
        const key2 = `${productId}|${r.batchNo}`;
        const had = merged.get(key2);
        merged.set(key2, {
          productId,
          batchNo: r.batchNo,
          quantity: Math.round(((had?.quantity ?? 0) + r.quantity) * 1e3) / 1e3,
          expiryDate: had?.expiryDate ?? r.expiryDate
        });
      }
      const values2 = [...merged.values()];
      return db.transaction(async (tx) => {
        const before = await countOf(tx, branchId);
        await tx.delete(branchStocks).where(eq33(branchStocks.branchId, branchId));
        for (let i = 0; i < values2.length; i += 2e3) {
          await tx.insert(branchStocks).values(
            values2.slice(i, i + 2e3).map((v) => ({ ...v, branchId, createBy: principal.userId, orgCode: principal.orgCode }))
          );
        }
        const totalQuantity = Math.round(values2.reduce((s, v) => s + v.quantity, 0) * 1e3) / 1e3;
        await recordOperation(tx, req, {
          operation: "pro_stock:uploadStock",
          resource: "pro_branch_stock",
          objectId: branchId,
          before,
          after: { rows: values2.length, totalQuantity }
        });
        return { branchId, rows: values2.length, totalQuantity };
      });
    },
    /** An empty workbook with the column titles, in the caller's language. */
    async template(lang) {
      const workbook = new ExcelJS3.Workbook();
      const sheet = workbook.addWorksheet(lang === "zh" ? "\u5206\u516C\u53F8\u5E93\u5B58" : "Branch stock");
      const fields = Object.keys(BRANCH_STOCK_TITLES);
      sheet.addRow(fields.map((f) => BRANCH_STOCK_TITLES[f][lang]));
      sheet.getRow(1).font = { bold: true };
      for (const [i] of fields.entries()) sheet.getColumn(i + 1).width = 20;
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }
  };
};
var countOf = async (tx, branchId) => {
  const [row] = await tx.select({
    rows: sql17`count(*)::int`,
    totalQuantity: sql17`coalesce(sum(${branchStocks.quantity}), 0)::float8`
  }).from(branchStocks).where(eq33(branchStocks.branchId, branchId));
  return row ?? { rows: 0, totalQuantity: 0 };
};

// src/modules/stock/stock.resources.ts
import { z as z27 } from "zod";
var readOnly = { verbs: ["export"], input: z27.object({}) };
var STOCK_CRUD = [
  { ...readOnly, meta: stockResource, table: stocks, record: StockSchema },
  { ...readOnly, meta: branchStockResource, table: branchStocks, record: BranchStockSchema },
  { ...readOnly, meta: stockDocResource, table: stockDocs, record: StockDocSchema },
  { ...readOnly, meta: stockLedgerResource, table: stockLedger, record: StockLedgerSchema }
];

// src/modules/stock/stock.routes.ts
import { z as z28 } from "zod";
var UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
var stockRoutes = (deps) => async (app2) => {
  const { docs, branchStock } = deps;
  const tags3 = ["stock"];
  const detail = okResponse(StockDocDetailSchema);
  app2.post(
    "/pro/stock/purchaseIn",
    {
      config: { permission: "pro_stock:stockIn" },
      schema: {
        tags: tags3,
        summary: "Posts a purchase-in document (batch required)",
        body: PurchaseInSchema,
        response: detail
      }
    },
    async (req) => ok(await docs.purchaseIn(req, principalOf(req), req.body))
  );
  app2.post(
    "/pro/stock/productionIn",
    {
      config: { permission: "pro_stock:stockIn" },
      schema: {
        tags: tags3,
        summary: "Posts a production-in document (batch required; expiry from the shelf life)",
        body: ProductionInSchema,
        response: detail
      }
    },
    async (req) => ok(await docs.productionIn(req, principalOf(req), req.body))
  );
  app2.post(
    "/pro/stock/salesOut",
    {
      config: { permission: "pro_stock:stockOut" },
      schema: {
        tags: tags3,
        summary: "Posts a sales-out document of sellable products (earliest expiry first); never below zero",
        body: SalesOutSchema,
        response: detail
      }
    },
    async (req) => ok(await docs.salesOut(req, principalOf(req), req.body))
  );
  app2.get(
    "/pro/stockDoc/queryDetail",
    {
      config: { permission: "pro_stock" },
      schema: {
        tags: tags3,
        summary: "A stock document with its lines",
        querystring: z28.object({ id: z28.string().uuid() }),
        response: detail
      }
    },
    async (req) => ok(await docs.detail(req.query.id))
  );
  app2.post(
    "/pro/branchStock/upload",
    {
      config: { permission: "pro_stock:uploadStock" },
      schema: {
        tags: tags3,
        summary: "Uploads a branch's stock (multipart: branchId, file xlsx); replaces what it had reported",
        consumes: ["multipart/form-data"],
        response: okResponse(BranchStockUploadResultSchema)
      }
    },
    async (req) => {
      const upload = await readUpload(req, { maxBytes: UPLOAD_MAX_BYTES, tooLarge: Errors.UploadFailed });
      const file = upload.file ?? fail(Errors.UploadBranchStock);
      await assertWorkbook(file);
      const branchId = z28.string().uuid().safeParse(upload.fields.branchId);
      if (!branchId.success) fail(Errors.ParameterError, { field: "branchId" });
      return ok(await branchStock.upload(req, principalOf(req), branchId.data, file.buffer));
    }
  );
  app2.get(
    "/pro/branchStock/template",
    {
      config: { permission: "pro_stock:uploadStock", rawResponse: true },
      schema: { tags: tags3, summary: "The branch stock workbook template, titled in the caller\u2019s language" }
    },
    async (req, reply) => {
      const lang = requestLang(req);
      const buffer = await branchStock.template(lang);
      return reply.type(XLSX_MIME).header(
        "content-disposition",
        attachmentDisposition(lang === "zh" ? "\u5206\u516C\u53F8\u5E93\u5B58\u6A21\u677F.xlsx" : "branch-stock-template.xlsx")
      ).send(buffer);
    }
  );
};

// src/modules/stock/stock-doc.service.ts
import { and as and26, asc as asc12, eq as eq35 } from "drizzle-orm";

// src/platform/sequence.ts
import { sql as sql18 } from "drizzle-orm";
var PREFIX = /^[A-Z]{1,8}$/;
var dayOf2 = (d) => `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, "0")}${String(d.getDate()).padStart(2, "0")}`;
var nextNumber = async (db, prefix, now = /* @__PURE__ */ new Date()) => {
  if (!PREFIX.test(prefix)) throw new Error(`invalid number prefix ${prefix}`);
  const day2 = dayOf2(now);
  const [row] = await db.insert(sequences).values({ prefix, day: day2, value: 1 }).onConflictDoUpdate({ target: [sequences.prefix, sequences.day], set: { value: sql18`${sequences.value} + 1` } }).returning({ value: sequences.value });
  return `${prefix}${day2}-${String(row.value).padStart(4, "0")}`;
};

// src/modules/product/product.service.ts
import { inArray as inArray19 } from "drizzle-orm";
var productsByIds = async (tx, ids2) => {
  const unique = [...new Set(ids2)];
  const rows = await tx.select({
    id: products.id,
    code: products.code,
    name: products.name,
    unit: products.unit,
    shelfLifeDays: products.shelfLifeDays,
    auditStatus: products.auditStatus,
    status: products.status
  }).from(products).where(inArray19(products.id, unique));
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    fail(Errors.ProductMissing, { productIds: unique.filter((id2) => !found.has(id2)) });
  }
  return new Map(rows.map((r) => [r.id, r]));
};

// src/modules/stock/movements.ts
import { and as and25, asc as asc11, eq as eq34, gte as gte2, inArray as inArray20, sql as sql19 } from "drizzle-orm";
var ledger = (tx, doc, actor, m) => tx.insert(stockLedger).values({
  docId: doc.id,
  docNo: doc.docNo,
  docType: doc.docType,
  depotId: doc.depotId,
  productId: m.productId,
  batchNo: m.batchNo,
  change: m.change,
  quantityAfter: m.after,
  createBy: actor.userId,
  orgCode: actor.orgCode
});
var addStock = async (tx, doc, actor, line) => {
  const now = /* @__PURE__ */ new Date();
  const [row] = await tx.insert(stocks).values({
    depotId: doc.depotId,
    productId: line.productId,
    batchNo: line.batchNo,
    quantity: line.quantity,
    productionDate: line.productionDate,
    expiryDate: line.expiryDate,
    createBy: actor.userId,
    orgCode: actor.orgCode
  }).onConflictDoUpdate({
    target: [stocks.depotId, stocks.productId, stocks.batchNo],
    set: {
      quantity: sql19`${stocks.quantity} + excluded.quantity`,
      productionDate: sql19`coalesce(${stocks.productionDate}, excluded.production_date)`,
      expiryDate: sql19`coalesce(${stocks.expiryDate}, excluded.expiry_date)`,
      version: sql19`${stocks.version} + 1`,
      updateAt: now,
      updateBy: actor.userId
    }
  }).returning({ quantity: stocks.quantity });
  await ledger(tx, doc, actor, { ...line, change: line.quantity, after: row.quantity });
};
var lockStock = (tx, depotId, productIds) => tx.select().from(stocks).where(and25(eq34(stocks.depotId, depotId), inArray20(stocks.productId, [...new Set(productIds)]))).orderBy(asc11(stocks.id)).for("update");
var fefo = (a, b) => (a.expiryDate ?? "9999").localeCompare(b.expiryDate ?? "9999") || (a.productionDate ?? "9999").localeCompare(b.productionDate ?? "9999") || a.batchNo.localeCompare(b.batchNo);
var takeStock = async (tx, doc, actor, row, quantity2) => {
  const [after] = await tx.update(stocks).set({
    quantity: sql19`${stocks.quantity} - ${quantity2}`,
    version: sql19`${stocks.version} + 1`,
    updateAt: /* @__PURE__ */ new Date(),
    updateBy: actor.userId
  }).where(and25(eq34(stocks.id, row.id), gte2(stocks.quantity, quantity2))).returning({ quantity: stocks.quantity });
  if (!after) {
    fail(Errors.InsufficientStock, { productId: row.productId, batchNo: row.batchNo, requested: quantity2 });
  }
  await ledger(tx, doc, actor, {
    productId: row.productId,
    batchNo: row.batchNo,
    change: -quantity2,
    after: after.quantity
  });
};

// src/modules/stock/stock-doc.service.ts
var q = (n) => Math.round(n * 1e3) / 1e3;
var today = () => (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
var addDays = (day2, days) => {
  const d = /* @__PURE__ */ new Date(`${day2}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
var exists2 = async (found, field) => {
  if ((await found).length === 0) fail(Errors.ParameterError, { field });
};
var createStockDocService = (deps) => {
  const { db } = deps;
  const assertDepot = (tx, depotId) => exists2(
    tx.select({ id: depots.id }).from(depots).where(and26(eq35(depots.id, depotId), eq35(depots.status, "1"))),
    "depotId"
  );
  const createDoc = async (tx, principal, head, lines) => {
    const docNo = await nextNumber(tx, STOCK_DOC_PREFIX[head.docType]);
    const [doc] = await tx.insert(stockDocs).values({
      docNo,
      docType: head.docType,
      depotId: head.depotId,
      docDate: head.docDate ?? today(),
      supplierId: head.supplierId ?? null,
      branchId: head.branchId ?? null,
      remark: head.remark ?? null,
      lineCount: lines.length,
      totalQuantity: q(lines.reduce((s, l) => s + l.quantity, 0)),
      createBy: principal.userId,
      orgCode: principal.orgCode
    }).returning();
    await tx.insert(stockDocLines).values(lines.map((l, i) => ({ ...l, docId: doc.id, lineNo: i + 1 })));
    return doc;
  };
  const finish = async (tx, req, doc, button) => {
    const lines = await tx.select().from(stockDocLines).where(eq35(stockDocLines.docId, doc.id)).orderBy(asc12(stockDocLines.lineNo));
    await recordOperation(tx, req, {
      operation: `pro_stock:${button}`,
      resource: "pro_stock_doc",
      objectId: doc.id,
      before: null,
      after: { ...doc, lines }
    });
    return { ...doc, lines };
  };
  const postIn = async (tx, req, principal, docType, input) => {
    await assertDepot(tx, input.depotId);
    const supplierId = "supplierId" in input ? input.supplierId : null;
    if (supplierId)
      await exists2(tx.select({ id: suppliers.id }).from(suppliers).where(eq35(suppliers.id, supplierId)), "supplierId");
    const found = await productsByIds(
      tx,
      input.lines.map((l) => l.productId)
    );
    const lines = input.lines.map((l) => {
      const shelf = found.get(l.productId)?.shelfLifeDays;
      const productionDate = l.productionDate ?? null;
      return {
        productId: l.productId,
        batchNo: l.batchNo.trim(),
        quantity: q(Number(l.quantity)),
        productionDate,
        expiryDate: l.expiryDate ?? (productionDate && shelf != null ? addDays(productionDate, shelf) : null),
        remark: l.remark ?? null
      };
    });
    const doc = await createDoc(tx, principal, { ...input, docType, supplierId }, lines);
    const actor = principal;
    for (const line of [...lines].sort(
      (a, b) => `${a.productId}|${a.batchNo}`.localeCompare(`${b.productId}|${b.batchNo}`)
    )) {
      await addStock(tx, doc, actor, line);
    }
    return finish(tx, req, doc, "stockIn");
  };
  const postOut = async (tx, req, principal, input) => {
    await assertDepot(tx, input.depotId);
    if (input.branchId) {
      await exists2(tx.select({ id: branches.id }).from(branches).where(eq35(branches.id, input.branchId)), "branchId");
    }
    const found = await productsByIds(
      tx,
      input.lines.map((l) => l.productId)
    );
    const unsellable = [...found.values()].filter((p) => !isSellable(p)).map((p) => p.id);
    if (unsellable.length > 0) fail(Errors.DataChanged, { productIds: unsellable, reason: "not approved" });
    const rows = await lockStock(tx, input.depotId, [...found.keys()]);
    const left = new Map(rows.map((r) => [r.id, r.quantity]));
    const takes = [];
    for (const l of input.lines) {
      let need = q(Number(l.quantity));
      const batch = l.batchNo?.trim();
      const candidates = rows.filter((r) => r.productId === l.productId && (!batch || r.batchNo === batch)).sort(fefo);
      const available = q(candidates.reduce((s, r) => s + (left.get(r.id) ?? 0), 0));
      if (available < need) {
        fail(Errors.InsufficientStock, { productId: l.productId, batchNo: batch ?? null, available, requested: need });
      }
      for (const r of candidates) {
        if (need <= 0) break;
        const take = Math.min(need, left.get(r.id) ?? 0);
        if (take <= 0) continue;
        left.set(r.id, q((left.get(r.id) ?? 0) - take));
        takes.push({ row: r, quantity: q(take), remark: l.remark ?? null });
        need = q(need - take);
      }
    }
    const lines = takes.map((t) => ({
      productId: t.row.productId,
      batchNo: t.row.batchNo,
      quantity: t.quantity,
      productionDate: t.row.productionDate,
      expiryDate: t.row.expiryDate,
      remark: t.remark
    }));
    const doc = await createDoc(tx, principal, { ...input, docType: StockDocType.SalesOut }, lines);
    for (const t of takes) await takeStock(tx, doc, principal, t.row, t.quantity);
    return finish(tx, req, doc, "stockOut");
  };
  return {
    postIn,
    postOut,
    purchaseIn: (req, principal, input) => db.transaction((tx) => postIn(tx, req, principal, StockDocType.PurchaseIn, input)),
    productionIn: (req, principal, input) => db.transaction((tx) => postIn(tx, req, principal, StockDocType.ProductionIn, input)),
    salesOut: (req, principal, input) => db.transaction((tx) => postOut(tx, req, principal, input)),
    /** A document with its lines. */
    async detail(id2) {
      const [doc] = await db.select().from(stockDocs).where(eq35(stockDocs.id, id2));
      if (!doc) notFound();
      const lines = await db.select().from(stockDocLines).where(eq35(stockDocLines.docId, id2)).orderBy(asc12(stockDocLines.lineNo));
      return { ...doc, lines };
    }
  };
};

// src/modules/stock/index.ts
var stockModule = async (app2) => {
  const { db } = app2.deps.database;
  for (const resource of STOCK_CRUD) registerResource(app2, resource);
  await app2.register(
    stockRoutes({ docs: createStockDocService({ db }), branchStock: createBranchStockService({ db }) })
  );
};

// src/modules/system/auth.routes.ts
import { z as z29 } from "zod";

// src/modules/system/auth.service.ts
import { and as and28, desc as desc8, eq as eq39, sql as sql21 } from "drizzle-orm";

// src/platform/auth/password.ts
import { createHash as createHash3, randomBytes as randomBytes3, scrypt, timingSafeEqual } from "node:crypto";
var N = 2 ** 15;
var R = 8;
var P = 1;
var KEY_LEN = 32;
var MAXMEM = 64 * 1024 * 1024;
var derive = (secret, salt, n, r, p) => new Promise((resolve, reject) => {
  scrypt(secret, salt, KEY_LEN, { N: n, r, p, maxmem: MAXMEM }, (err, key2) => err ? reject(err) : resolve(key2));
});
var sha256Hex = (text9) => createHash3("sha256").update(text9, "utf8").digest("hex");
var hashPassword = async (clientDigest) => {
  const salt = randomBytes3(16);
  const key2 = await derive(clientDigest, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), key2.toString("base64url")].join("$");
};
var verifyPassword = async (clientDigest, stored) => {
  const [alg, n, r, p, salt, key2] = stored.split("$");
  if (alg !== "scrypt" || !n || !r || !p || !salt || !key2) return false;
  const expected = Buffer.from(key2, "base64url");
  const actual = await derive(clientDigest, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

// src/platform/auth/session.ts
import { and as and27, eq as eq36, isNull as isNull6, lt as lt3, ne as ne6, or as or7 } from "drizzle-orm";
var createSession = async (db, userId, ttlMs, meta = {}) => {
  const { token, tokenHash } = newToken();
  await db.insert(sessions).values({
    tokenHash,
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 255)
  });
  await db.delete(sessions).where(
    and27(
      eq36(sessions.userId, userId),
      or7(
        lt3(sessions.expiresAt, new Date(Date.now() - 7 * 864e5)),
        lt3(sessions.revokedAt, new Date(Date.now() - 7 * 864e5))
      )
    )
  );
  return token;
};
var revokeSession = (db, tokenHash) => db.update(sessions).set({ revokedAt: /* @__PURE__ */ new Date() }).where(and27(eq36(sessions.tokenHash, tokenHash), isNull6(sessions.revokedAt)));
var revokeUserSessions = (db, userId, keepTokenHash) => db.update(sessions).set({ revokedAt: /* @__PURE__ */ new Date() }).where(
  and27(
    eq36(sessions.userId, userId),
    isNull6(sessions.revokedAt),
    keepTokenHash ? ne6(sessions.tokenHash, keepTokenHash) : void 0
  )
);

// src/platform/auth/throttle.ts
import { eq as eq37, sql as sql20 } from "drizzle-orm";
var FAILURE_WINDOW_MS = 15 * 6e4;
var MAX_FAILURES = 5;
var LOCK_MS = 15 * 6e4;
var key = (username) => username.trim().toLowerCase();
var assertNotThrottled = async (db, username) => {
  const [row] = await db.select().from(loginFailures).where(eq37(loginFailures.username, key(username)));
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) fail(Errors.TooManyRequests);
};
var recordFailure = async (db, username) => {
  const now = /* @__PURE__ */ new Date();
  const nowSql = sql20`${now.toISOString()}::timestamptz`;
  const windowFloor = sql20`${new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
  const lockUntil = sql20`${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz`;
  await db.insert(loginFailures).values({ username: key(username), failures: 1, windowStart: now }).onConflictDoUpdate({
    target: loginFailures.username,
    set: {
      failures: sql20`case when ${loginFailures.windowStart} < ${windowFloor} then 1 else ${loginFailures.failures} + 1 end`,
      windowStart: sql20`case when ${loginFailures.windowStart} < ${windowFloor} then ${nowSql} else ${loginFailures.windowStart} end`,
      lockedUntil: sql20`case when ${loginFailures.windowStart} >= ${windowFloor} and ${loginFailures.failures} + 1 >= ${MAX_FAILURES} then ${lockUntil} else null end`
    }
  });
};
var clearFailures = (db, username) => db.delete(loginFailures).where(eq37(loginFailures.username, key(username)));

// src/modules/system/user-info.service.ts
import { asc as asc13, eq as eq38 } from "drizzle-orm";
var listUserDeparts = async (db, userId) => db.select({
  id: departments.id,
  orgCode: departments.orgCode,
  departName: departments.departName,
  departNameEn: departments.departNameEn
}).from(userDepartments).innerJoin(departments, eq38(departments.id, userDepartments.departId)).where(eq38(userDepartments.userId, userId)).orderBy(asc13(departments.orgCode));
var buildUserInfo = (user, departs) => {
  const current = departs.find((d) => d.orgCode === user.orgCode) ?? null;
  return {
    id: user.userId,
    username: user.username,
    realname: user.realname,
    orgCode: current?.orgCode ?? null,
    departName: current?.departName ?? null,
    departNameEn: current?.departNameEn ?? null,
    lang: user.lang,
    roles: user.roleCodes,
    dataScope: user.dataScope
  };
};
var listDictItems = async (db, lang) => {
  const rows = await db.select({
    dicCode: dictItems.value,
    dicTypeId: dictItems.dictId,
    dicTypeCode: dictTypes.dictCode,
    textId: dictItems.textId,
    zh: codeTable.zh,
    en: codeTable.en
  }).from(dictItems).innerJoin(dictTypes, eq38(dictTypes.id, dictItems.dictId)).leftJoin(codeTable, eq38(codeTable.id, dictItems.textId)).where(eq38(dictItems.status, "1")).orderBy(asc13(dictItems.dictId), asc13(dictItems.sortNo));
  return rows.map(({ zh, en: en2, ...r }) => ({ ...r, dicName: (lang === "en" ? en2 : zh) ?? r.dicCode }));
};

// src/modules/system/auth.service.ts
var createAuthService = ({ db, config: config2 }) => {
  const findAccount = async (username) => {
    const rows = await db.select().from(users).where(sql21`lower(${users.username}) = lower(${username})`).orderBy(users.delFlag, desc8(users.createAt)).limit(1);
    return rows[0];
  };
  return {
    async login(input, meta) {
      await assertNotThrottled(db, input.username);
      const user = await findAccount(input.username);
      if (!user) fail(Errors.UserNotFound);
      if (user.delFlag) fail(Errors.AccountDeleted);
      if (!await verifyPassword(input.password, user.passwordHash)) {
        await recordFailure(db, input.username);
        fail(Errors.WrongPassword);
      }
      if (user.status !== "1") fail(Errors.AccountDisabled);
      await clearFailures(db, input.username);
      const token = await createSession(db, user.id, config2.sessionTtlMs, meta);
      const principal = await resolvePrincipal(db, hashToken(token));
      if (!principal) throw new AppError(Errors.SessionError);
      const departs = await listUserDeparts(db, user.id);
      return {
        userId: user.id,
        token,
        userInfo: buildUserInfo(principal, departs),
        departs,
        dictList: await listDictItems(db, principal.lang)
      };
    },
    logout: (principal) => revokeSession(db, principal.tokenHash),
    /** A registered account waits, disabled, until an administrator enables it. */
    async register(input) {
      if (input.password !== input.confirmPassword) fail(Errors.PasswordsDiffer);
      const existing = await db.select({ id: users.id }).from(users).where(and28(sql21`lower(${users.username}) = lower(${input.username})`, eq39(users.delFlag, false))).limit(1);
      if (existing.length > 0) fail(Errors.LoginAccountExists);
      const [created] = await db.insert(users).values({
        username: input.username,
        realname: input.realname ?? input.username,
        passwordHash: await hashPassword(input.password),
        status: "2"
      }).onConflictDoNothing().returning({ id: users.id, username: users.username });
      if (!created) fail(Errors.LoginAccountExists);
      return created;
    },
    async editPassword(principal, oldPassword, newPassword) {
      const [user] = await db.select().from(users).where(eq39(users.id, principal.userId));
      if (!user) fail(Errors.UserNotFound);
      if (!await verifyPassword(oldPassword, user.passwordHash)) fail(Errors.OldPasswordWrong);
      if (oldPassword === newPassword) fail(Errors.OldEqualsNewPassword);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updateAt: /* @__PURE__ */ new Date(), updateBy: principal.userId }).where(eq39(users.id, principal.userId));
        await revokeUserSessions(tx, principal.userId, principal.tokenHash);
      });
    }
  };
};

// src/modules/system/auth.routes.ts
var authRoutes = async (app2) => {
  const { database: database2, config: config2 } = app2.deps;
  const auth = createAuthService({ db: database2.db, config: config2 });
  const loginRateLimit = {
    max: config2.loginRateLimit,
    timeWindow: "1 minute",
    errorResponseBuilder: () => new AppError(Errors.TooManyRequests)
  };
  app2.post(
    "/sys/login",
    {
      config: { permission: "public", rateLimit: loginRateLimit },
      schema: {
        tags: ["system"],
        summary: "Sign in; the password is the SHA-256 hex of the typed password",
        body: LoginRequestSchema,
        response: okResponse(LoginResultSchema)
      }
    },
    async (req) => {
      const result = await auth.login(req.body, { ip: req.ip, userAgent: req.headers["user-agent"] });
      await recordOperation(database2.db, req, {
        logType: LogType.Login,
        operation: "login",
        user: { id: result.userId, username: result.userInfo.username }
      });
      return ok(result);
    }
  );
  app2.get(
    "/user/logout",
    {
      config: { permission: "authenticated", changesAccess: true },
      schema: { tags: ["system"], summary: "Sign out: the token stops working at once", response: emptyResponse }
    },
    async (req) => {
      const principal = principalOf(req);
      await auth.logout(principal);
      await recordOperation(database2.db, req, { logType: LogType.Login, operation: "logout" });
      return ok(null);
    }
  );
  app2.post(
    "/sys/user/register",
    {
      config: { permission: "public", rateLimit: loginRateLimit },
      schema: {
        tags: ["system"],
        summary: "Register an account; it stays disabled until an administrator enables it",
        body: RegisterRequestSchema,
        response: okResponse(z29.object({ id: z29.string(), username: z29.string() }))
      }
    },
    async (req) => {
      const created = await auth.register(req.body);
      await recordOperation(database2.db, req, {
        operation: "register",
        resource: "sys_user",
        objectId: created.id,
        user: { id: created.id, username: created.username }
      });
      return ok(created);
    }
  );
  app2.post(
    "/sys/user/editPassword",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "Change your own password (both values hashed); other sessions are signed out",
        body: EditPasswordSchema,
        response: emptyResponse
      }
    },
    async (req) => {
      const principal = principalOf(req);
      await auth.editPassword(principal, req.body.oldPassword, req.body.newPassword);
      await recordOperation(database2.db, req, {
        operation: "editPassword",
        resource: "sys_user",
        objectId: principal.userId
      });
      return ok(null);
    }
  );
};

// src/modules/system/catalogue.routes.ts
import { createHash as createHash4 } from "node:crypto";
import { asc as asc14 } from "drizzle-orm";
import { z as z30 } from "zod";

// src/modules/system/language.service.ts
import { count as count5, eq as eq40, gte as gte3, inArray as inArray21, max, sql as sql22, sum } from "drizzle-orm";
var nextCodeId = async (tx) => {
  await tx.execute(sql22`select pg_advisory_xact_lock(hashtext('sys_code.runtime_id'))`);
  const [row] = await tx.select({ top: max(codeTable.id) }).from(codeTable).where(gte3(codeTable.id, RUNTIME_CODE_FROM));
  return Math.max(RUNTIME_CODE_FROM, (row?.top ?? RUNTIME_CODE_FROM - 1) + 1);
};
var addCodeText = async (tx, category, texts, userId) => {
  const id2 = await nextCodeId(tx);
  await tx.insert(codeTable).values({ id: id2, category, zh: texts.zh, en: texts.en, updateAt: /* @__PURE__ */ new Date(), updateBy: userId });
  return id2;
};
var editCodeText = async (tx, id2, texts, userId) => {
  const set = {};
  if (typeof texts.zh === "string") set.zh = texts.zh;
  if (typeof texts.en === "string") set.en = texts.en;
  if (Object.keys(set).length === 0) return;
  await tx.update(codeTable).set({ ...set, updateAt: /* @__PURE__ */ new Date(), updateBy: userId, version: sql22`${codeTable.version} + 1` }).where(eq40(codeTable.id, id2));
};
var removeRuntimeTexts = async (tx, ids2) => {
  const runtime = ids2.filter((id2) => id2 >= RUNTIME_CODE_FROM);
  if (runtime.length > 0) await tx.delete(codeTable).where(inArray21(codeTable.id, runtime));
};
var codeTexts = async (db, ids2) => {
  const out = /* @__PURE__ */ new Map();
  const wanted = [...new Set(ids2)];
  if (wanted.length === 0) return out;
  const rows = await db.select({ id: codeTable.id, zh: codeTable.zh, en: codeTable.en }).from(codeTable).where(inArray21(codeTable.id, wanted));
  for (const r of rows) out.set(r.id, { zh: r.zh, en: r.en });
  return out;
};
var catalogueVersion = async (db) => {
  const fingerprint = (table) => db.select({ n: count5(), v: sum(table.version), top: max(table.id), at: max(table.updateAt) }).from(table).then(([r]) => `${r?.n ?? 0}.${r?.v ?? 0}.${r?.top ?? 0}.${r?.at ? new Date(r.at).getTime() : 0}`);
  const [code5, items, types] = await Promise.all([
    fingerprint(codeTable),
    fingerprint(dictItems),
    fingerprint(dictTypes)
  ]);
  return { code: code5, dict: `${types}-${items}` };
};

// src/modules/system/catalogue.routes.ts
var SETTING_KEYS = { systemTitle: "system_title", systemTitleEn: "system_title_en" };
var DEFAULT_TITLE = { zh: "\u91C7\u8D2D\u7BA1\u7406\u7CFB\u7EDF", en: "Procurement Management System" };
var catalogueRoutes = async (app2) => {
  const { db } = app2.deps.database;
  const { config: config2 } = app2.deps;
  app2.get(
    "/sys/settings",
    {
      config: { permission: "public" },
      schema: {
        tags: ["system"],
        summary: "System title and whether the demo accounts may be shown",
        response: okResponse(SettingsSchema)
      }
    },
    async () => {
      const rows = await db.select().from(settings);
      const value = (key2) => rows.find((r) => r.key === key2)?.value;
      return ok({
        systemTitle: value(SETTING_KEYS.systemTitle) ?? DEFAULT_TITLE.zh,
        systemTitleEn: value(SETTING_KEYS.systemTitleEn) ?? DEFAULT_TITLE.en,
        demoMode: config2.demoMode
      });
    }
  );
  app2.get(
    "/sys/code/all",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "The whole runtime code table (id -> zh, en; key on entries overriding a bundled text)",
        response: okResponse(z30.array(CodeTableEntrySchema))
      }
    },
    async () => ok(
      await db.select({ id: codeTable.id, key: codeTable.key, zh: codeTable.zh, en: codeTable.en }).from(codeTable).orderBy(asc14(codeTable.id))
    )
  );
  app2.get(
    "/sys/dict/items",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "Every active dictionary item, labelled in the request language",
        response: okResponse(z30.array(DictListItemSchema))
      }
    },
    async (req) => ok(await listDictItems(db, requestLang(req)))
  );
  app2.get(
    "/sys/catalogue/version",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "Fingerprints of the code table, the dictionaries and your permissions: refetch what moved",
        response: okResponse(CatalogueVersionSchema)
      }
    },
    async (req) => {
      const principal = principalOf(req);
      const mine = [principal.dataScope, ...[...principal.permissions].sort()].join(",");
      const permissions2 = createHash4("sha256").update(mine).digest("hex").slice(0, 16);
      return ok({ ...await catalogueVersion(db), permissions: permissions2 });
    }
  );
};

// src/modules/system/checks.routes.ts
import { and as and29, eq as eq41, ne as ne7 } from "drizzle-orm";
import { z as z31 } from "zod";
var RULES = {
  code: (v) => ({ valid: /^[A-Za-z0-9_-]{1,32}$/.test(v), normalized: v }),
  phone: (v) => ({ valid: /^\+?[0-9 ()-]{5,32}$/.test(v), normalized: v.replace(/[\s()-]/g, "") }),
  email: (v) => ({ valid: z31.string().email().safeParse(v).success, normalized: v.toLowerCase() }),
  pinyin: (v) => {
    const normalized = pinyinCode(v);
    return { valid: normalized.length > 0, normalized };
  }
};
var checksRoutes = async (app2) => {
  const { db } = app2.deps.database;
  app2.get(
    "/sys/duplicate/check",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "Is a value free in a unique field? tableName.fieldName must be a declared unique field; a blank value passes",
        querystring: z31.object({
          tableName: z31.string().max(64),
          fieldName: z31.string().max(64),
          fieldVal: z31.string().max(500).optional(),
          dataId: z31.string().uuid().optional()
        }),
        response: emptyResponse
      }
    },
    async (req) => {
      const { tableName, fieldName, fieldVal, dataId } = req.query;
      const resource = app2.deps.resources.byTable(tableName);
      const compiled = resource?.compiled;
      if (!compiled || !compiled.meta.unique?.includes(fieldName)) {
        fail(Errors.UnsupportedQuery, { tableName, fieldName });
      }
      if (!fieldVal || fieldVal.trim() === "") return ok(null);
      const column = compiled.columns[fieldName];
      const clash = await db.select({ id: compiled.id }).from(compiled.table).where(and29(eq41(column, fieldVal.trim()), compiled.live(), dataId ? ne7(compiled.id, dataId) : void 0)).limit(1);
      if (clash.length > 0) fail(Errors.DuplicateValue, { field: fieldName });
      return ok(null);
    }
  );
  app2.get(
    "/sys/rule/check",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: `Check a value against a format rule (${Object.keys(RULES).join(", ")}); a blank value passes`,
        querystring: z31.object({ ruleCode: z31.string().max(32), value: z31.string().max(500).optional() }),
        response: okResponse(z31.object({ normalized: z31.string() }))
      }
    },
    async (req) => {
      const rule = RULES[req.query.ruleCode];
      if (!rule) fail(Errors.UnsupportedQuery, { ruleCode: req.query.ruleCode });
      const value = req.query.value?.trim() ?? "";
      if (value === "") return ok({ normalized: "" });
      const { valid, normalized } = rule(value);
      if (!valid) fail(Errors.RuleCheckFailed, { ruleCode: req.query.ruleCode });
      return ok({ normalized });
    }
  );
  app2.get(
    "/sys/sequence/buildNumber",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "The next business number for a prefix today, e.g. SO20261122-0001",
        querystring: z31.object({ prefixNo: z31.string().regex(PREFIX) }),
        response: okResponse(z31.string())
      }
    },
    async (req) => ok(await nextNumber(db, req.query.prefixNo))
  );
};

// src/modules/system/dict.resource.ts
import { and as and30, eq as eq42 } from "drizzle-orm";
var BUILT_IN = new Map(DICTIONARIES.map((d) => [d.code, new Set(d.items.map((i) => i.value))]));
var withTexts = async (rows, db, zh, en2) => {
  const texts = await codeTexts(
    db,
    rows.map((r) => Number(r.textId))
  );
  return rows.map((r) => {
    const t = texts.get(Number(r.textId));
    return { ...r, [zh]: t?.zh ?? "", [en2]: t?.en ?? "" };
  });
};
var dictOf = async (tx, dictId) => {
  const [dict] = await tx.select().from(dictTypes).where(eq42(dictTypes.id, dictId)).limit(1);
  return dict ?? fail(Errors.ParameterError, { field: "dictId" });
};
var dictCrud = {
  meta: dictResource,
  table: dictTypes,
  record: DictSchema,
  input: DictInputSchema,
  editInput: DictEditSchema,
  idType: "int",
  defaultSort: { column: "dictCode", order: "asc" },
  verbs: ["add", "edit", "delete"],
  listAll: true,
  decorate: (rows, db) => withTexts(rows, db, "nameZh", "nameEn"),
  hooks: {
    async beforeInsert(values2, { tx, principal }) {
      const textId = await addCodeText(
        tx,
        "dict",
        { zh: String(values2.nameZh), en: String(values2.nameEn) },
        principal.userId
      );
      return { ...values2, textId };
    },
    async beforeUpdate(values2, before, { tx, principal }) {
      await editCodeText(tx, Number(before.textId), { zh: values2.nameZh, en: values2.nameEn }, principal.userId);
      return values2;
    },
    async beforeDelete(row, { tx }) {
      if (BUILT_IN.has(String(row.dictCode))) fail(Errors.BuiltInProtected);
      const items = await tx.select({ textId: dictItems.textId }).from(dictItems).where(eq42(dictItems.dictId, Number(row.id)));
      await removeRuntimeTexts(tx, [Number(row.textId), ...items.map((i) => i.textId)]);
    }
  }
};
var dictItemCrud = {
  meta: dictItemResource,
  table: dictItems,
  record: DictItemSchema,
  input: DictItemInputSchema,
  editInput: DictItemEditSchema,
  idType: "int",
  defaultSort: { column: "dictId", order: "asc" },
  verbs: ["add", "edit", "delete", "status"],
  decorate: (rows, db) => withTexts(rows, db, "labelZh", "labelEn"),
  hooks: {
    async beforeInsert(values2, { tx, principal }) {
      const dict = await dictOf(tx, Number(values2.dictId));
      const [taken] = await tx.select({ id: dictItems.id }).from(dictItems).where(and30(eq42(dictItems.dictId, dict.id), eq42(dictItems.value, String(values2.value)))).limit(1);
      if (taken) fail(Errors.DuplicateValue, { field: "value", value: values2.value });
      const textId = await addCodeText(
        tx,
        dict.dictCode,
        { zh: String(values2.labelZh), en: String(values2.labelEn) },
        principal.userId
      );
      return { ...values2, textId };
    },
    async beforeUpdate(values2, before, { tx, principal }) {
      await editCodeText(tx, Number(before.textId), { zh: values2.labelZh, en: values2.labelEn }, principal.userId);
      return values2;
    },
    async beforeDelete(row, { tx }) {
      const dict = await dictOf(tx, Number(row.dictId));
      if (BUILT_IN.get(dict.dictCode)?.has(String(row.value))) fail(Errors.BuiltInProtected);
      await removeRuntimeTexts(tx, [Number(row.textId)]);
    }
  }
};

// src/modules/system/language.resource.ts
var codeCrud = {
  meta: codeResource,
  table: codeTable,
  record: CodeSchema,
  input: CodeInputSchema,
  editInput: CodeEditSchema,
  idType: "int",
  defaultSort: { column: "id", order: "asc" },
  verbs: ["add", "edit", "history", "export", "import"],
  hooks: {
    async beforeInsert(values2, { tx }) {
      return values2.id ? values2 : { ...values2, id: await nextCodeId(tx) };
    }
  }
};

// src/modules/system/log.resource.ts
import { z as z32 } from "zod";
var logCrud = {
  meta: logResource,
  table: operationLogs,
  record: LogSchema,
  input: z32.object({}),
  verbs: ["export"]
};

// src/modules/system/dict.routes.ts
var dictRoutes = async (app2) => {
  for (const resource of [dictCrud, dictItemCrud, codeCrud, logCrud]) registerResource(app2, resource);
};

// src/modules/system/feedback.resource.ts
var feedbackCrud = {
  meta: feedbackResource,
  table: feedbacks,
  record: FeedbackSchema,
  input: FeedbackSubmitSchema,
  verbs: ["delete", "export"]
};

// src/modules/system/feedback.service.ts
import { and as and31, count as count6, desc as desc9, eq as eq43 } from "drizzle-orm";
var createFeedbackService = (db) => ({
  async submit(req, principal, input) {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(feedbacks).values({ ...input, createBy: principal.userId, createByName: principal.realname }).returning();
      await recordOperation(tx, req, {
        operation: "sys_feedback:submit",
        resource: "sys_feedback",
        objectId: row.id,
        after: row
      });
      return row;
    });
  },
  /** The caller's own feedback, newest first, with the replies. */
  async mine(principal, pageNo, pageSize) {
    const where = eq43(feedbacks.createBy, principal.userId);
    const [records, [total]] = await Promise.all([
      db.select().from(feedbacks).where(where).orderBy(desc9(feedbacks.createAt), desc9(feedbacks.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
      db.select({ n: count6() }).from(feedbacks).where(where)
    ]);
    const n = total?.n ?? 0;
    return { records, total: n, size: pageSize, current: pageNo, pages: Math.ceil(n / pageSize) };
  },
  /** Replies (or corrects the reply) with the version read; a stale version answers 409. */
  async reply(req, principal, input) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(feedbacks).where(eq43(feedbacks.id, input.id)).for("update");
      if (!before) notFound();
      if (before.version !== input.version) staleVersion();
      const now = /* @__PURE__ */ new Date();
      const [row] = await tx.update(feedbacks).set({
        replyContent: input.replyContent,
        replyBy: principal.userId,
        replyByName: principal.realname,
        replyAt: now,
        replyStatus: "1",
        updateAt: now,
        updateBy: principal.userId,
        version: before.version + 1
      }).where(and31(eq43(feedbacks.id, input.id), eq43(feedbacks.version, input.version))).returning();
      if (!row) staleVersion();
      await recordOperation(tx, req, {
        operation: "sys_feedback:reply",
        resource: "sys_feedback",
        objectId: row.id,
        before,
        after: row
      });
      return row;
    });
  }
});

// src/modules/system/feedback.routes.ts
var feedbackRoutes = async (app2) => {
  registerResource(app2, feedbackCrud);
  const service = createFeedbackService(app2.deps.database.db);
  const tags3 = ["feedback"];
  app2.post(
    "/sys/feedback/submit",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags3,
        summary: "Submit feedback (any signed-in user)",
        body: FeedbackSubmitSchema,
        response: okResponse(FeedbackSchema)
      }
    },
    async (req) => ok(await service.submit(req, principalOf(req), req.body))
  );
  app2.get(
    "/sys/feedback/my",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags3,
        summary: "Your own feedback with the replies, newest first",
        querystring: MyFeedbackQuerySchema,
        response: okResponse(pageOf(FeedbackSchema))
      }
    },
    async (req) => ok(await service.mine(principalOf(req), req.query.pageNo, req.query.pageSize))
  );
  app2.post(
    "/sys/feedback/reply",
    {
      config: { permission: "sys_feedback:reply" },
      schema: {
        tags: tags3,
        summary: "Reply to feedback (or correct the reply); a stale version answers 409",
        body: FeedbackReplySchema,
        response: okResponse(FeedbackSchema)
      }
    },
    async (req) => ok(await service.reply(req, principalOf(req), req.body))
  );
};

// src/modules/system/field-label.routes.ts
import { z as z33 } from "zod";

// src/modules/system/field-label.service.ts
import { eq as eq44, sql as sql23 } from "drizzle-orm";
var NOT_LABELLED = /* @__PURE__ */ new Set(["id", "version"]);
var labelledFields = (reg) => {
  const { meta, input, editInput } = reg.compiled;
  const names = [...Object.keys(meta.fields), ...Object.keys(input.shape), ...Object.keys(editInput?.shape ?? {})];
  return [...new Set(names)].filter((n) => !NOT_LABELLED.has(n));
};
var logged = (row) => ({
  id: row.id,
  key: row.key,
  category: row.category,
  zh: row.zh,
  en: row.en,
  version: row.version
});
var createFieldLabelService = (db, resources) => {
  let known;
  const fieldsByResource = () => {
    known ??= new Map(
      resources.all().map((reg) => [reg.compiled.meta.name, labelledFields(reg)]).sort(([a], [b]) => a.localeCompare(b))
    );
    return known;
  };
  const checkedKey = (key2) => {
    const [, resource = "", field = ""] = FIELD_LABEL_KEY.exec(key2) ?? [];
    if (!fieldsByResource().get(resource)?.includes(field)) {
      fail(Errors.ParameterError, [{ path: "key", code: "custom", message: "not a field of a resource" }]);
    }
    return key2;
  };
  return {
    /** Every resource with the fields its screens label. */
    fields() {
      return [...fieldsByResource()].map(([resource, fields]) => ({ resource, fields }));
    },
    /** Adds the override of a field's label or changes it (its version moves); logged in the same transaction. */
    async save(req, principal, input) {
      const key2 = checkedKey(input.key);
      return db.transaction(async (tx) => {
        const id2 = await nextCodeId(tx);
        const [before] = await tx.select().from(codeTable).where(eq44(codeTable.key, key2));
        const stamp = { updateAt: /* @__PURE__ */ new Date(), updateBy: principal.userId };
        const [row] = before ? await tx.update(codeTable).set({ zh: input.zh, en: input.en, ...stamp, version: sql23`${codeTable.version} + 1` }).where(eq44(codeTable.id, before.id)).returning() : await tx.insert(codeTable).values({ id: id2, key: key2, category: FIELD_LABEL_CATEGORY, zh: input.zh, en: input.en, ...stamp }).returning();
        if (!row?.key) throw new Error(`field label ${key2} not written`);
        await recordOperation(tx, req, {
          operation: "saveFieldLabel",
          resource: "sys_code",
          objectId: String(row.id),
          before: before ? logged(before) : null,
          after: logged(row)
        });
        return { id: row.id, key: row.key, zh: row.zh, en: row.en, version: row.version };
      });
    },
    /**
     * Removes the override: the field shows its bundled label again. Only the key's form is
     * checked, so an override of a field that no longer exists can still be removed.
     */
    async reset(req, key2) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(codeTable).where(eq44(codeTable.key, key2)).returning();
        if (!removed) return;
        await recordOperation(tx, req, {
          operation: "resetFieldLabel",
          resource: "sys_code",
          objectId: String(removed.id),
          before: logged(removed)
        });
      });
    }
  };
};

// src/modules/system/field-label.routes.ts
var fieldLabelRoutes = async (app2) => {
  const service = createFieldLabelService(app2.deps.database.db, app2.deps.resources);
  const tags3 = ["system"];
  app2.get(
    "/sys/code/fieldLabelFields",
    {
      config: { permission: "sys_language" },
      schema: {
        tags: tags3,
        summary: "Every resource with the fields its screens label (whose labels may be overridden)",
        response: okResponse(z33.array(FieldLabelResourceSchema))
      }
    },
    async () => ok(service.fields())
  );
  app2.post(
    "/sys/code/saveFieldLabel",
    {
      config: { permission: "sys_language:edit" },
      schema: {
        tags: tags3,
        summary: "Override a field's label in both languages (key field:<resource>.<field>); a second save edits it",
        body: FieldLabelSaveSchema,
        response: okResponse(FieldLabelSchema)
      }
    },
    async (req) => ok(await service.save(req, principalOf(req), req.body))
  );
  app2.post(
    "/sys/code/resetFieldLabel",
    {
      config: { permission: "sys_language:edit" },
      schema: {
        tags: tags3,
        summary: "Remove a field label's override: the bundled label shows again",
        body: FieldLabelResetSchema,
        response: emptyResponse
      }
    },
    async (req) => {
      await service.reset(req, req.body.key);
      return ok(null);
    }
  );
};

// src/modules/system/file.routes.ts
import { z as z34 } from "zod";
var view = (a) => ({
  id: a.id,
  name: a.originalName,
  size: a.size,
  mime: a.mime,
  tableDic: a.tableDic,
  objectId: a.objectId,
  createAt: a.createAt
});
var nameFor = (filename, ext) => {
  const base = (filename.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "").trim() || "image";
  return `${base}.${ext}`;
};
var fileRoutes = async (app2) => {
  const files = createFileStore(app2.deps.database.db, app2.deps.config.filesDir);
  const { resources } = app2.deps;
  app2.post(
    "/file/upload",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["files"],
        summary: "Upload an image (png, jpeg, gif, webp; under 2 MB; type read from the content). tableDic + objectId attach it to a record you may change",
        consumes: ["multipart/form-data"],
        response: okResponse(AttachmentSchema)
      }
    },
    async (req) => {
      const principal = principalOf(req);
      const upload = await readUpload(req, { maxBytes: IMAGE_MAX_BYTES });
      const file = upload.file ?? fail(Errors.UploadFailed, { reason: "file missing" });
      if (file.buffer.length >= IMAGE_MAX_BYTES) fail(Errors.FileTooLarge);
      const type = await imageTypeOf(file.buffer) ?? fail(Errors.UploadFailed, { reason: "png, jpeg, gif or webp only" });
      const { tableDic, objectId } = upload.fields;
      let owner = null;
      if (tableDic || objectId) {
        if (!tableDic || !objectId) fail(Errors.ParameterError, { tableDic, objectId });
        const resource = await assertMayReadRecord(resources, principal, tableDic, objectId);
        const { menu } = resource.compiled.meta;
        if (!principal.permissions.has(`${menu}:edit`) && !principal.permissions.has(`${menu}:add`)) {
          fail(Errors.PermissionDenied);
        }
        owner = resource.compiled.meta.name;
      }
      const saved = await files.save({
        buffer: file.buffer,
        name: nameFor(file.filename, type.ext),
        mime: type.mime,
        kind: "upload",
        createBy: principal.userId,
        tableDic: owner,
        objectId: owner ? objectId : null
      });
      return ok(view(saved));
    }
  );
  app2.get(
    "/file/downloadById",
    {
      config: { permission: "authenticated", rawResponse: true },
      schema: {
        tags: ["files"],
        summary: "Download a file; needs the right to read the record it is attached to (else: your own files)",
        querystring: z34.object({ attachId: z34.string().uuid() })
      }
    },
    async (req, reply) => {
      const file = await files.find(req.query.attachId) ?? fail(Errors.FileNotFound);
      await assertMayReadFile(resources, principalOf(req), file);
      const stream = await files.open(file) ?? fail(Errors.FileNotFound);
      return reply.type(file.mime).header("content-length", file.size).header("content-disposition", attachmentDisposition(file.originalName)).header("x-content-type-options", "nosniff").header("cache-control", "private, no-store").send(stream);
    }
  );
  app2.get(
    "/sys/attachment/queryByObjectIdAndDic",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["files"],
        summary: "The attachments of a record you may read",
        querystring: AttachmentQuerySchema,
        response: okResponse(z34.array(AttachmentSchema))
      }
    },
    async (req) => {
      const { tableDic, objectId } = req.query;
      const owner = await assertMayReadRecord(resources, principalOf(req), tableDic, objectId);
      return ok((await files.listFor(owner.compiled.meta.name, objectId)).map(view));
    }
  );
};

// src/modules/system/import.routes.ts
import { z as z35 } from "zod";
var importRoutes = async (app2) => {
  const jobs = createImportJobs(app2.deps.database.db);
  app2.get(
    "/sys/import/progress",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "Progress of one of your imports: phase, counts, and the error file when rows failed",
        querystring: z35.object({ jobId: z35.string().uuid() }),
        response: okResponse(ImportProgressSchema)
      }
    },
    async (req) => {
      const job = await jobs.get(req.query.jobId);
      if (!job || job.userId !== principalOf(req).userId) notFound();
      return ok(progressOf(job, requestLang(req)));
    }
  );
};

// src/modules/system/permission-admin.routes.ts
import { z as z36 } from "zod";

// src/modules/system/permission-admin.service.ts
import { asc as asc15, eq as eq45 } from "drizzle-orm";
var ALWAYS = MENU_TREE.filter((m) => m.url === HOME_PATH).map((m) => m.code);
var ADMIN_KEEPS = [
  "sys",
  "sys_user",
  "sys_user:edit",
  "sys_role",
  "sys_role:permission",
  "sys_role_permission",
  "sys_role_permission:save"
];
var loadEntries = (db) => db.select({ id: permissions.id, parentId: permissions.parentId, code: permissions.code }).from(permissions);
var lockedCodes = (roleCode) => roleCode === RoleCode.SysAdmin ? [...ALWAYS, ...ADMIN_KEEPS] : ALWAYS;
var findRole = async (db, roleId, lock = false) => {
  const q2 = db.select({ id: roles.id, roleCode: roles.roleCode }).from(roles).where(eq45(roles.id, roleId)).limit(1);
  const [role] = await (lock ? q2.for("update") : q2);
  return role ?? notFound();
};
var grantedIds = async (db, roleId) => (await db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq45(rolePermissions.roleId, roleId))).map((r) => r.id);
var createPermissionAdminService = (db) => ({
  /** Every menu and button as a tree, titled in `lang`, with what the role holds and must keep. */
  async tree(roleId, lang) {
    const role = await findRole(db, roleId);
    const rows = await db.select({
      id: permissions.id,
      parentId: permissions.parentId,
      code: permissions.code,
      menuType: permissions.menuType,
      name: permissions.name,
      zh: codeTable.zh,
      en: codeTable.en
    }).from(permissions).leftJoin(codeTable, eq45(codeTable.id, permissions.textId)).orderBy(asc15(permissions.sortNo), asc15(permissions.code));
    const nodes = new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          parentId: r.parentId,
          code: r.code,
          title: (lang === "en" ? r.en : r.zh) ?? r.name,
          menuType: r.menuType,
          children: []
        }
      ])
    );
    const tree = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : void 0;
      if (parent) parent.children.push(node);
      else tree.push(node);
    }
    const locked = new Set(lockedCodes(role.roleCode));
    return {
      tree,
      granted: await grantedIds(db, roleId),
      locked: rows.filter((r) => locked.has(r.code)).map((r) => r.id)
    };
  },
  /**
   * Replaces the role's grants with `ids`, checked here and never taken on trust: every id must
   * be a known menu or button; a granted button or menu brings its menu and folders with it; the
   * home page is always kept; the system administrator role cannot give up system management.
   * The caller's next request (and everyone's next permission fetch) sees the change.
   */
  async configure(req, roleId, ids2) {
    return db.transaction(async (tx) => {
      const role = await findRole(tx, roleId, true);
      const entries = await loadEntries(tx);
      const byId = new Map(entries.map((e) => [e.id, e]));
      const byCode2 = new Map(entries.map((e) => [e.code, e]));
      const unknown = ids2.filter((id2) => !byId.has(id2));
      if (unknown.length > 0) fail(Errors.ParameterError, { permissionIds: unknown });
      const wanted = /* @__PURE__ */ new Set();
      for (const id2 of ids2) {
        for (let e = byId.get(id2); e && !wanted.has(e.id); e = e.parentId ? byId.get(e.parentId) : void 0) {
          wanted.add(e.id);
        }
      }
      for (const code5 of ALWAYS) {
        const home = byCode2.get(code5);
        if (home) wanted.add(home.id);
      }
      if (role.roleCode === RoleCode.SysAdmin) {
        const missing = ADMIN_KEEPS.filter((code5) => {
          const e = byCode2.get(code5);
          return e && !wanted.has(e.id);
        });
        if (missing.length > 0) fail(Errors.AdminRoleProtected, { missing });
      }
      const before = await grantedIds(tx, roleId);
      await tx.delete(rolePermissions).where(eq45(rolePermissions.roleId, roleId));
      if (wanted.size > 0) {
        await tx.insert(rolePermissions).values([...wanted].map((permissionId) => ({ roleId, permissionId })));
      }
      await tx.update(roles).set({ updateAt: /* @__PURE__ */ new Date(), updateBy: req.principal?.userId }).where(eq45(roles.id, roleId));
      const codesOf = (list) => [...list].map((id2) => byId.get(id2)?.code ?? id2).sort();
      await recordOperation(tx, req, {
        operation: "sys_role:permission",
        resource: "sys_role",
        objectId: roleId,
        before: { permissions: codesOf(before) },
        after: { permissions: codesOf(wanted) }
      });
      return { granted: [...wanted] };
    });
  }
});

// src/modules/system/role.resource.ts
import { count as count7, eq as eq46 } from "drizzle-orm";
var roleCrud = {
  meta: roleResource,
  table: roles,
  record: RoleSchema,
  input: RoleInputSchema,
  editInput: RoleEditSchema,
  duplicateError: Errors.RoleExists,
  verbs: ["add", "edit", "delete", "history", "export"],
  listAll: { where: () => void 0, alias: ["queryList"] },
  referencedBy: [{ table: userRoles, column: userRoles.roleId }],
  hooks: {
    async beforeDelete(row, { tx }) {
      if (row.roleCode === RoleCode.SysAdmin) fail(Errors.BuiltInProtected);
      const [steps] = await tx.select({ n: count7() }).from(auditConfigSteps).where(eq46(auditConfigSteps.roleCode, String(row.roleCode)));
      if ((steps?.n ?? 0) > 0) fail(Errors.InUseCannotDelete);
    }
  }
};

// src/modules/system/permission-admin.routes.ts
var roleRoutes = async (app2) => {
  registerResource(app2, roleCrud);
  const service = createPermissionAdminService(app2.deps.database.db);
  const tags3 = ["role"];
  app2.get(
    "/sys/role/permissionTree",
    {
      config: { permission: ["sys_role:permission", "sys_role_permission"] },
      schema: {
        tags: tags3,
        summary: "Every menu and button as a tree, the ids the role holds and the ones it must keep",
        querystring: z36.object({ roleId: z36.string().uuid() }),
        response: okResponse(RolePermissionTreeSchema)
      }
    },
    async (req) => ok(await service.tree(req.query.roleId, requestLang(req)))
  );
  app2.post(
    "/sys/role/configPermission",
    {
      config: { permission: ["sys_role:permission", "sys_role_permission:save"] },
      schema: {
        tags: tags3,
        summary: "Replace a role's function permissions (checked on the server; menus of granted buttons added)",
        body: ConfigPermissionSchema,
        response: okResponse(z36.object({ granted: z36.array(z36.string()) }))
      }
    },
    async (req) => ok(await service.configure(req, req.body.roleId, req.body.permissionIds))
  );
};

// src/modules/system/saved-query.routes.ts
import { z as z37 } from "zod";

// src/modules/system/saved-query.service.ts
import { and as and32, arrayOverlaps, asc as asc16, eq as eq47, inArray as inArray22, or as or8 } from "drizzle-orm";
var view2 = (row, principal) => ({
  id: row.id,
  resource: row.resource,
  name: row.name,
  conditions: row.conditions,
  matchType: row.matchType,
  roleIds: row.roleIds,
  owner: row.userId === principal.userId,
  createAt: row.createAt
});
var createSavedQueryService = (db, resources) => {
  const resourceFor = (principal, name) => {
    const resource = resources.get(name) ?? fail(Errors.UnsupportedQuery, { resource: name });
    if (!principal.permissions.has(resource.compiled.meta.menu)) fail(Errors.PermissionDenied);
    return resource;
  };
  return {
    /** The caller's own queries and those shared with one of the caller's roles, by name. */
    async list(principal, resource) {
      resourceFor(principal, resource);
      const rows = await db.select().from(savedQueries).where(
        and32(
          eq47(savedQueries.resource, resource),
          or8(
            eq47(savedQueries.userId, principal.userId),
            principal.roleIds.length > 0 ? arrayOverlaps(savedQueries.roleIds, principal.roleIds) : void 0
          )
        )
      ).orderBy(asc16(savedQueries.name), asc16(savedQueries.createAt));
      return rows.map((row) => view2(row, principal));
    },
    /** Saves a query; saving again under the same name replaces the caller's earlier one. */
    async add(principal, input) {
      const resource = resourceFor(principal, input.resource);
      superQueryConditions(resource.compiled.fields, JSON.stringify(input.conditions), input.matchType);
      const wanted = [...new Set(input.roleIds)];
      const known = wanted.length ? (await db.select({ id: roles.id }).from(roles).where(inArray22(roles.id, wanted))).map((r) => r.id) : [];
      if (known.length !== wanted.length) fail(Errors.ParameterError, { roleIds: "unknown role" });
      const values2 = {
        userId: principal.userId,
        resource: input.resource,
        name: input.name,
        conditions: input.conditions,
        matchType: input.matchType,
        roleIds: known
      };
      const [row] = await db.insert(savedQueries).values(values2).onConflictDoUpdate({
        target: [savedQueries.userId, savedQueries.resource, savedQueries.name],
        set: { conditions: values2.conditions, matchType: values2.matchType, roleIds: known, updateAt: /* @__PURE__ */ new Date() }
      }).returning();
      return view2(row, principal);
    },
    /** Deletes one of the caller's own queries; a shared one of someone else is refused. */
    async remove(principal, id2) {
      const [row] = await db.select().from(savedQueries).where(eq47(savedQueries.id, id2)).limit(1);
      if (!row) notFound();
      if (row.userId !== principal.userId) fail(Errors.PermissionDenied);
      await db.delete(savedQueries).where(eq47(savedQueries.id, id2));
    }
  };
};

// src/modules/system/saved-query.routes.ts
var savedQueryRoutes = async (app2) => {
  const service = createSavedQueryService(app2.deps.database.db, app2.deps.resources);
  const tags3 = ["system"];
  app2.get(
    "/sys/savedQuery/list",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags3,
        summary: "Your saved queries of a resource and those shared with one of your roles",
        querystring: z37.object({ resource: z37.string().min(1).max(64) }),
        response: okResponse(z37.array(SavedQuerySchema))
      }
    },
    async (req) => ok(await service.list(principalOf(req), req.query.resource))
  );
  app2.post(
    "/sys/savedQuery/add",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags3,
        summary: "Save a super query under a name (the same name again replaces it), optionally shared with roles",
        body: SavedQueryInputSchema,
        response: okResponse(SavedQuerySchema)
      }
    },
    async (req) => ok(await service.add(principalOf(req), req.body))
  );
  app2.delete(
    "/sys/savedQuery/delete",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: tags3,
        summary: "Delete one of your own saved queries",
        querystring: z37.object({ id: z37.string().uuid() }),
        response: emptyResponse
      }
    },
    async (req) => {
      await service.remove(principalOf(req), req.query.id);
      return ok(null);
    }
  );
};

// src/modules/system/session.routes.ts
import { eq as eq49 } from "drizzle-orm";
import { z as z38 } from "zod";

// src/modules/system/permission.service.ts
import { asc as asc17, eq as eq48, getTableColumns as getTableColumns3 } from "drizzle-orm";
var MENU_TYPES = /* @__PURE__ */ new Set([0, 1]);
var BUTTON = 2;
var loadAll = async (db) => db.select({
  ...getTableColumns3(permissions),
  zh: codeTable.zh,
  en: codeTable.en
}).from(permissions).leftJoin(codeTable, eq48(codeTable.id, permissions.textId)).orderBy(asc17(permissions.sortNo));
var textOf = (row, lang) => (lang === "en" ? row.en : row.zh) ?? row.name;
var toRule = (row, lang) => ({
  action: row.code,
  describe: textOf(row, lang),
  type: row.authType === "2" ? "2" : "1",
  status: row.status === "0" ? "0" : "1"
});
var buildPermissionList = async (db, granted, lang) => {
  const rows = await loadAll(db);
  const children = /* @__PURE__ */ new Map();
  for (const row of rows) {
    if (!MENU_TYPES.has(row.menuType) || !granted.has(row.code)) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId) => (children.get(parentId) ?? []).flatMap((row) => {
    const kids = build(row.id);
    const isFolder = row.component === ROUTE_VIEW;
    if (isFolder && kids.length === 0) return [];
    const title = textOf(row, lang);
    const url = row.url ?? "";
    return [
      {
        id: row.id,
        code: row.code,
        text: title,
        name: row.code,
        url,
        path: url,
        component: row.component ?? "",
        icon: row.icon,
        hidden: row.hidden,
        alwaysShow: row.alwaysShow,
        route: row.route,
        redirect: row.redirect ?? (isFolder ? kids[0]?.url ?? null : null),
        meta: {
          title,
          titleId: row.textId,
          url,
          internalOrExternal: row.internalOrExternal,
          hidden: row.hidden,
          icon: row.icon
        },
        children: kids
      }
    ];
  });
  const buttons = rows.filter((r) => r.menuType === BUTTON);
  return {
    menu: build(null),
    auth: buttons.filter((r) => granted.has(r.code)).map((r) => toRule(r, lang)),
    allAuth: buttons.map((r) => toRule(r, lang))
  };
};

// src/modules/system/session.routes.ts
var sessionRoutes = async (app2) => {
  const { db } = app2.deps.database;
  app2.get(
    "/sys/permission/getPermissionList",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "The caller's menu tree and button rules ({ menu, auth, allAuth })",
        response: okResponse(PermissionListSchema)
      }
    },
    async (req) => ok(await buildPermissionList(db, principalOf(req).permissions, requestLang(req)))
  );
  app2.get(
    "/sys/user/getUserPermission",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "A user's menus and buttons: your own, or anyone's with the user-edit permission",
        querystring: z38.object({ userId: z38.string().uuid().optional(), pNumber: z38.coerce.number().int().optional() }),
        response: okResponse(PermissionListSchema)
      }
    },
    async (req) => {
      const principal = principalOf(req);
      const userId = req.query.userId ?? principal.userId;
      if (userId !== principal.userId && !principal.permissions.has("sys_user:edit")) fail(Errors.PermissionDenied);
      const roleIds = (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq49(userRoles.userId, userId))).map((r) => r.id);
      return ok(await buildPermissionList(db, await loadPermissionCodes(db, roleIds), requestLang(req)));
    }
  );
  app2.get(
    "/sys/user/getCurrentUserDeparts",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "The caller's departments and the current one",
        response: okResponse(CurrentDepartsSchema)
      }
    },
    async (req) => {
      const principal = principalOf(req);
      const list = await listUserDeparts(db, principal.userId);
      const current = list.some((d) => d.orgCode === principal.orgCode) ? principal.orgCode : null;
      return ok({ list, orgCode: current });
    }
  );
  app2.post(
    "/sys/selectDepart",
    {
      config: { permission: "authenticated" },
      schema: {
        tags: ["system"],
        summary: "Switch the department you work in (one of your own)",
        body: SelectDepartSchema,
        response: okResponse(z38.object({ userInfo: UserInfoSchema }))
      }
    },
    async (req) => {
      const principal = principalOf(req);
      const departs = await listUserDeparts(db, principal.userId);
      if (departs.length === 0) fail(Errors.DepartmentNotSet);
      if (!departs.some((d) => d.orgCode === req.body.orgCode)) fail(Errors.PermissionDenied);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ orgCode: req.body.orgCode }).where(eq49(users.id, principal.userId));
        await recordOperation(tx, req, {
          operation: "selectDepart",
          resource: "sys_user",
          objectId: principal.userId,
          before: { orgCode: principal.orgCode },
          after: { orgCode: req.body.orgCode }
        });
      });
      const updated = await resolvePrincipal(db, principal.tokenHash);
      return ok({ userInfo: buildUserInfo(updated ?? { ...principal, orgCode: req.body.orgCode }, departs) });
    }
  );
};

// src/modules/system/user.routes.ts
import { and as and34, eq as eq51 } from "drizzle-orm";
import { z as z39 } from "zod";

// src/modules/system/user.service.ts
import { and as and33, asc as asc18, eq as eq50, inArray as inArray23, ne as ne8, sql as sql24 } from "drizzle-orm";
var LINKS = {
  roleIds: { table: userRoles, user: userRoles.userId, ref: userRoles.roleId, target: roles, key: "roleId" },
  departIds: {
    table: userDepartments,
    user: userDepartments.userId,
    ref: userDepartments.departId,
    target: departments,
    key: "departId"
  },
  branchIds: {
    table: userBranches,
    user: userBranches.userId,
    ref: userBranches.branchId,
    target: branches,
    key: "branchId"
  }
};
var LINK_NAMES = Object.keys(LINKS);
var loadUserLinks = async (db, userIds) => {
  const out = new Map(userIds.map((id2) => [id2, { roleIds: [], departIds: [], branchIds: [] }]));
  if (userIds.length === 0) return out;
  const ids2 = [...new Set(userIds)];
  for (const name of LINK_NAMES) {
    const link = LINKS[name];
    const rows = await db.select({ userId: link.user, refId: link.ref }).from(link.table).where(inArray23(link.user, ids2)).orderBy(asc18(link.ref));
    for (const row of rows) out.get(row.userId)?.[name].push(row.refId);
  }
  return out;
};
var assertKnown = async (tx, name, wanted) => {
  if (wanted.length === 0) return;
  const target = LINKS[name].target;
  const found = await tx.select({ id: target.id }).from(target).where(inArray23(target.id, [...wanted]));
  if (found.length !== wanted.length) fail(Errors.ParameterError, { field: name });
};
var replaceUserLinks = async (tx, userId, input) => {
  for (const name of LINK_NAMES) {
    const value = input[name];
    if (!Array.isArray(value)) continue;
    const wanted = [...new Set(value)];
    await assertKnown(tx, name, wanted);
    const link = LINKS[name];
    await tx.delete(link.table).where(eq50(link.user, userId));
    if (wanted.length > 0) {
      await tx.insert(link.table).values(wanted.map((refId) => ({ userId, [link.key]: refId })));
    }
  }
};
var firstOrgCode = async (tx, departIds) => {
  if (departIds.length === 0) return null;
  const [row] = await tx.select({ orgCode: departments.orgCode }).from(departments).where(inArray23(departments.id, [...departIds])).orderBy(asc18(departments.orgCode)).limit(1);
  return row?.orgCode ?? null;
};
var isOrgCodeOf = async (tx, orgCode, departIds) => {
  if (!orgCode || departIds.length === 0) return false;
  const rows = await tx.select({ id: departments.id }).from(departments).where(and33(eq50(departments.orgCode, orgCode), inArray23(departments.id, [...departIds])));
  return rows.length > 0;
};
var assertLoginFree = async (tx, username, exceptId) => {
  const clash = await tx.select({ id: users.id }).from(users).where(
    and33(
      sql24`lower(${users.username}) = lower(${username})`,
      eq50(users.delFlag, false),
      exceptId ? ne8(users.id, exceptId) : void 0
    )
  ).limit(1);
  if (clash.length > 0) fail(Errors.LoginAccountExists, { field: "username" });
};

// src/modules/system/user.resource.ts
var LINK_FIELDS = ["roleIds", "departIds", "branchIds", "password", "confirmPassword"];
var columnsOnly = (values2) => {
  const out = { ...values2 };
  for (const f of LINK_FIELDS) delete out[f];
  return out;
};
var refuseSelf = (row, userId) => {
  if (row.id === userId) fail(Errors.CannotChangeSelf);
};
var userCrud = {
  meta: userResource,
  table: users,
  record: UserSchema,
  input: UserInputSchema,
  editInput: UserEditSchema,
  softDelete: users.delFlag,
  secret: ["passwordHash"],
  duplicateError: Errors.LoginAccountExists,
  verbs: ["add", "edit", "delete", "status", "history", "export"],
  listAll: { where: () => void 0 },
  async decorate(rows, db) {
    const links = await loadUserLinks(
      db,
      rows.map((r) => r.id)
    );
    return rows.map((r) => ({ ...r, ...links.get(r.id) }));
  },
  hooks: {
    async beforeInsert(values2, { tx }) {
      if (values2.password !== values2.confirmPassword) fail(Errors.PasswordsDiffer);
      await assertLoginFree(tx, String(values2.username));
      return {
        ...columnsOnly(values2),
        passwordHash: await hashPassword(String(values2.password)),
        orgCode: await firstOrgCode(tx, values2.departIds ?? [])
      };
    },
    async afterInsert(row, input, { tx }) {
      await replaceUserLinks(tx, row.id, input);
      return void 0;
    },
    async beforeUpdate(values2, before, { tx }) {
      const departIds = values2.departIds;
      const out = columnsOnly(values2);
      if (departIds && !await isOrgCodeOf(tx, before.orgCode, departIds)) {
        out.orgCode = await firstOrgCode(tx, departIds);
      }
      return out;
    },
    async afterUpdate(row, _before, input, { tx }) {
      await replaceUserLinks(tx, row.id, input);
      return void 0;
    },
    async beforeStatus(rows, status2, { tx, principal }) {
      if (status2 === "1") return;
      for (const row of rows) refuseSelf(row, principal.userId);
      for (const row of rows) await revokeUserSessions(tx, row.id);
    },
    async beforeDelete(row, { tx, principal }) {
      refuseSelf(row, principal.userId);
      await revokeUserSessions(tx, row.id);
    }
  }
};

// src/modules/system/user.routes.ts
var userRoutes = async (app2) => {
  registerResource(app2, userCrud);
  const { db } = app2.deps.database;
  const { config: config2 } = app2.deps;
  app2.get(
    "/sys/user/resetPassword",
    {
      config: { permission: "sys_user:resetPassword" },
      schema: {
        tags: ["user"],
        summary: "Reset a user's password to the configured default (SPEC 6); their sessions end",
        querystring: z39.object({ id: z39.string().uuid() }),
        response: emptyResponse
      }
    },
    async (req) => {
      const principal = principalOf(req);
      const passwordHash = await hashPassword(sha256Hex(config2.defaultResetPassword));
      await db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id, username: users.username, version: users.version }).from(users).where(and34(eq51(users.id, req.query.id), eq51(users.delFlag, false))).for("update");
        if (!user) fail(Errors.NotFound);
        await tx.update(users).set({ passwordHash, updateAt: /* @__PURE__ */ new Date(), updateBy: principal.userId, version: user.version + 1 }).where(eq51(users.id, user.id));
        await revokeUserSessions(tx, user.id, user.id === principal.userId ? principal.tokenHash : void 0);
        await clearFailures(tx, user.username);
        await recordOperation(tx, req, { operation: "sys_user:resetPassword", resource: "sys_user", objectId: user.id });
      });
      return ok(null);
    }
  );
};

// src/modules/system/index.ts
var systemModule = async (app2) => {
  await app2.register(authRoutes);
  await app2.register(sessionRoutes);
  await app2.register(catalogueRoutes);
  await app2.register(checksRoutes);
  await app2.register(fileRoutes);
  await app2.register(importRoutes);
  await app2.register(savedQueryRoutes);
  await app2.register(userRoutes);
  await app2.register(roleRoutes);
  await app2.register(dictRoutes);
  await app2.register(fieldLabelRoutes);
  await app2.register(feedbackRoutes);
};

// src/modules/index.ts
var registerModules = async (app2) => {
  await app2.register(healthRoutes);
  await app2.register(systemModule);
  await app2.register(masterDataModule);
  await app2.register(messagingModule);
  await app2.register(approvalModule);
  await app2.register(productModule);
  await app2.register(stockModule);
};

// src/platform/crud/registry.ts
var createResourceRegistry = () => {
  const byName = /* @__PURE__ */ new Map();
  return {
    add(reg) {
      if (byName.has(reg.compiled.meta.name)) throw new Error(`resource ${reg.compiled.meta.name} registered twice`);
      byName.set(reg.compiled.meta.name, reg);
    },
    get: (name) => byName.get(name),
    byTable: (table) => [...byName.values()].find((r) => r.compiled.tableName === table),
    all: () => [...byName.values()]
  };
};

// src/platform/events.ts
var createEventBus = () => {
  const handlers = /* @__PURE__ */ new Map();
  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = /* @__PURE__ */ new Set();
        handlers.set(type, set);
      }
      const h = handler;
      set.add(h);
      return () => set.delete(h);
    },
    async emit(tx, event) {
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event);
    }
  };
};

// src/platform/error-texts.ts
import { eq as eq52 } from "drizzle-orm";
var TTL_MS = 5e3;
var createErrorTexts = (db) => {
  let texts = /* @__PURE__ */ new Map();
  let loadedAt = 0;
  let loading = null;
  const load = async () => {
    const rows = await db.select({ id: codeTable.id, zh: codeTable.zh, en: codeTable.en }).from(codeTable).where(eq52(codeTable.category, "error"));
    texts = new Map(rows.map((r) => [r.id, { zh: r.zh, en: r.en }]));
    loadedAt = Date.now();
  };
  return {
    async textOf(code5, lang) {
      if (Date.now() - loadedAt > TTL_MS) {
        loading ??= load().finally(() => {
          loading = null;
        });
        await loading.catch(() => void 0);
      }
      return texts.get(code5)?.[lang] || errorByCode(code5)?.[lang];
    }
  };
};

// src/platform/http-errors.ts
var send = async (req, reply, f) => {
  const lang = requestLang(req);
  const text9 = await req.server.errorTexts.textOf(f.code, lang);
  return reply.code(f.status).header("x-request-id", req.id).type("application/json; charset=utf-8").send({
    success: false,
    code: f.code,
    message: f.message ?? text9 ?? Errors.SystemError[lang],
    result: f.result,
    timestamp: Date.now()
  });
};
var zodIssuesOf = (e) => {
  const validation = e?.validation;
  if (!Array.isArray(validation)) return null;
  const issues = validation.map((v) => v?.params?.issue);
  return issues.every((i) => i !== void 0) ? issues : null;
};
var registerErrorHandling = (app2, db) => {
  app2.decorate("errorTexts", createErrorTexts(db));
  app2.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) {
      return send(req, reply, { status: error.statusCode, code: error.entry.code, result: error.result });
    }
    const zodIssues = zodIssuesOf(error);
    if (zodIssues) {
      const issues = localizeIssues(zodIssues, requestLang(req));
      return send(req, reply, { status: 400, code: Errors.ParameterError.code, result: issues });
    }
    const status2 = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status2 === 429) return send(req, reply, { status: status2, code: Errors.TooManyRequests.code, result: null });
    if (status2 >= 400 && status2 < 500) {
      req.log.info({ err: error }, "client error");
      const entry2 = status2 === 404 ? Errors.NotFound : Errors.ParameterError;
      return send(req, reply, { status: status2, code: entry2.code, result: null });
    }
    req.log.error({ err: error }, "unexpected error");
    return send(req, reply, { status: 500, code: Errors.SystemError.code, result: { requestId: req.id } });
  });
};
var sendNotFound = (req, reply) => send(req, reply, { status: 404, code: Errors.NotFound.code, result: null });
var validatorCompiler = ({ schema }) => (data) => {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  const validation = result.error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join("/")}`,
    schemaPath: "",
    message: issue.message,
    params: { issue }
  }));
  return { error: Object.assign(new Error("validation failed"), { validation }) };
};

// src/platform/serializer.ts
import fastJson from "fast-json-stringify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z as z40 } from "zod";
var isSchema = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var isEmpty = (s) => Object.keys(s).length === 0;
var SCHEMA_MAPS = /* @__PURE__ */ new Set(["properties", "patternProperties", "$defs", "definitions"]);
var SUBSCHEMAS = /* @__PURE__ */ new Set(["items", "prefixItems", "additionalProperties", "anyOf", "oneOf", "allOf", "not"]);
var simplify = (node) => {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isSchema(node)) return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "default" || k === "additionalProperties" && v === false) continue;
    if (SCHEMA_MAPS.has(k) && isSchema(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, simplify(s)]));
    } else out[k] = SUBSCHEMAS.has(k) ? simplify(v) : v;
  }
  const branches2 = out.anyOf;
  if (Array.isArray(branches2) && branches2.length === 2 && branches2.every(isSchema)) {
    const nullAt = branches2.findIndex((b) => b.type === "null" && Object.keys(b).length === 1);
    const other = branches2[1 - nullAt];
    if (nullAt >= 0 && other) {
      const { anyOf: _, ...rest } = out;
      if (isEmpty(other)) return rest;
      if (typeof other.type === "string" && !("anyOf" in other))
        return { ...rest, ...other, type: [other.type, "null"] };
    }
  }
  return out;
};
var serializerCompiler = (route) => {
  try {
    const json = JSON.stringify(simplify(z40.toJSONSchema(route.schema, { io: "output", unrepresentable: "any" })));
    if (/"(anyOf|oneOf|allOf|if|not)":/.test(json)) return zodSerializerCompiler(route);
    return fastJson(JSON.parse(json));
  } catch {
    return zodSerializerCompiler(route);
  }
};

// src/app.ts
var buildApp = async (input) => {
  const deps = { ...input, events: input.events ?? createEventBus(), resources: createResourceRegistry() };
  const { config: config2, database: database2 } = deps;
  const app2 = Fastify({
    logger: {
      level: config2.logLevel,
      redact: ['req.headers["x-access-token"]', "req.headers.authorization", 'req.headers["sec-websocket-protocol"]']
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID3();
    },
    trustProxy: config2.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true }
  }).withTypeProvider();
  app2.decorate("deps", deps);
  app2.setValidatorCompiler(validatorCompiler);
  app2.setSerializerCompiler(serializerCompiler);
  app2.addHook("onRequest", (req, reply, done) => {
    req.startedAt = performance.now();
    reply.header("x-request-id", req.id);
    done();
  });
  registerErrorHandling(app2, database2.db);
  await app2.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Procurement back-office API", version: "0.1.0" },
      components: {
        securitySchemes: { token: { type: "apiKey", in: "header", name: "X-Access-Token" } }
      },
      security: [{ token: [] }]
    },
    transform: jsonSchemaTransform
  });
  await app2.register(swaggerUi, { routePrefix: "/api/docs" });
  await app2.register(rateLimit, { global: false });
  await app2.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 }
  });
  await app2.register(accessPlugin, { database: database2 });
  await app2.register(registerModules, { prefix: "/api" });
  if (existsSync(path2.join(config2.webDist, "index.html"))) await serveWeb(app2, config2.webDist);
  else app2.setNotFoundHandler(sendNotFound);
  return app2;
};
var serveWeb = async (app2, root) => {
  await app2.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path2.sep}assets${path2.sep}`);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    }
  });
  app2.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === "GET" && !req.url.startsWith("/api/") && !path2.extname(req.url.split("?")[0] ?? "");
    if (!wantsPage) return sendNotFound(req, reply);
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
};

// src/config.ts
import { existsSync as existsSync2 } from "node:fs";
import path3 from "node:path";
import { fileURLToPath } from "node:url";
import { z as z41 } from "zod";
var REPO_ROOT = path3.resolve(path3.dirname(fileURLToPath(import.meta.url)), "../..");
var bool = z41.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");
var ConfigSchema = z41.object({
  PORT: z41.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z41.string().default("127.0.0.1"),
  DATA_DIR: z41.string().default("./data"),
  DATABASE_URL: z41.string().url().optional(),
  FILES_DIR: z41.string().optional(),
  SEED: z41.enum(["demo", "none"]).default("demo"),
  ADMIN_PASSWORD: z41.string().min(8).optional(),
  LOG_LEVEL: z41.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_RESET_PASSWORD: z41.string().min(6).default("Reset@2026"),
  DEMO_MODE: bool.optional(),
  WEB_DIST: z41.string().default("./web/dist"),
  SESSION_TTL_HOURS: z41.coerce.number().positive().default(24),
  TRUST_PROXY: bool.default(false),
  LOGIN_RATE_LIMIT: z41.coerce.number().int().positive().default(20)
});
var fromRoot = (p) => path3.isAbsolute(p) ? p : path3.resolve(REPO_ROOT, p);
var loadConfig = (env = process.env) => {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:
${lines.join("\n")}`);
  }
  const c = parsed.data;
  const dataDir = fromRoot(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    filesDir: c.FILES_DIR ? fromRoot(c.FILES_DIR) : path3.join(dataDir, "files"),
    seed: c.SEED,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    defaultResetPassword: c.DEFAULT_RESET_PASSWORD,
    demoMode: c.DEMO_MODE ?? c.SEED === "demo",
    webDist: fromRoot(c.WEB_DIST),
    sessionTtlMs: c.SESSION_TTL_HOURS * 36e5,
    trustProxy: c.TRUST_PROXY,
    loginRateLimit: c.LOGIN_RATE_LIMIT
  };
};
var loadDotEnv = () => {
  const file = path3.join(REPO_ROOT, ".env");
  if (existsSync2(file)) process.loadEnvFile(file);
};

// src/db/open.ts
import path6 from "node:path";

// src/db/client.ts
import { mkdirSync } from "node:fs";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import pg from "pg";
var RAW_TYPES = [1114, 1184, 1082, 1186, 1115, 1185, 1182, 1187, 1231];
var asText = (value) => value;
var CHANNEL2 = /^[a-z_][a-z0-9_]{0,62}$/;
var assertChannel = (channel) => {
  if (!CHANNEL2.test(channel)) throw new Error(`invalid channel name ${channel}`);
};
var openPglite = async (source) => {
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    // trigram indexes serve `like '%...%'` searches (product names and their pinyin)
    import("@electric-sql/pglite/contrib/pg_trgm")
  ]);
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: source.dataDir, loadDataDir: source.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema: schema_exports, casing: "snake_case" });
  const arraysQuery = { rowMode: "array", parsers: Object.fromEntries(RAW_TYPES.map((t) => [t, asText])) };
  return {
    kind: "pglite",
    db,
    async listen(channel, onPayload) {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    arrays: (text9, params) => client.query(text9, params, arraysQuery).then((r) => r.rows),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none")
  };
};
var openPostgres = async (connectionString, poolSize = 10) => {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on("error", () => {
  });
  const db = drizzleNodePg({ client: pool, schema: schema_exports, casing: "snake_case" });
  const listener = createListener(connectionString);
  const raw = new Set(RAW_TYPES);
  const types = {
    getTypeParser: ((oid, format) => raw.has(oid) ? asText : pg.types.getTypeParser(oid, format))
  };
  return {
    kind: "pg",
    db,
    listen: listener.listen,
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    arrays: (text9, params) => pool.query({ text: text9, values: params, rowMode: "array", types }).then((r) => r.rows),
    async close() {
      await listener.close();
      await pool.end();
    }
  };
};
var createListener = (connectionString) => {
  const handlers = /* @__PURE__ */ new Map();
  const watchers = /* @__PURE__ */ new Set();
  const tell = (listening) => {
    for (const w of watchers) w(listening);
  };
  let client = null;
  let connecting = null;
  let closed = false;
  const connect = () => {
    if (client) return Promise.resolve(client);
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pg.Client({ connectionString });
      c.on("notification", (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? "");
      });
      c.on("error", () => {
        client = null;
        c.end().catch(() => {
        });
        tell(false);
        if (!closed) setTimeout(resubscribe, 1e3);
      });
      await c.connect();
      client = c;
      connecting = null;
      return c;
    })();
    connecting.catch(() => {
      connecting = null;
    });
    return connecting;
  };
  const resubscribe = async () => {
    if (closed) return;
    try {
      const c = await connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
      tell(true);
    } catch {
      if (!closed) setTimeout(resubscribe, 1e3);
    }
  };
  return {
    async listen(channel, onPayload, onListening) {
      assertChannel(channel);
      let set = handlers.get(channel);
      if (!set) {
        set = /* @__PURE__ */ new Set();
        handlers.set(channel, set);
        const c = await connect();
        await c.query(`LISTEN ${channel}`);
      }
      set.add(onPayload);
      if (onListening) watchers.add(onListening);
      return async () => {
        set.delete(onPayload);
        if (onListening) watchers.delete(onListening);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${channel}`);
        }
      };
    },
    async close() {
      closed = true;
      await client?.end();
      client = null;
    }
  };
};

// src/db/migrate.ts
import path4 from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
var MIGRATIONS_DIR = path4.join(path4.dirname(fileURLToPath2(import.meta.url)), "migrations");
var runMigrations = async (database2) => {
  const config2 = { migrationsFolder: MIGRATIONS_DIR };
  if (database2.kind === "pglite") await migratePglite(database2.db, config2);
  else await migrateNodePg(database2.db, config2);
};

// src/db/seed/index.ts
import { eq as eq58, sql as sql26 } from "drizzle-orm";

// src/db/seed/catalogue.ts
import { eq as eq53, inArray as inArray24, sql as sql25 } from "drizzle-orm";
var menuCodes = () => flattenMenus(MENU_TREE).flatMap(({ menu }) => [
  { id: menu.textId, category: "menu", zh: menu.zh, en: menu.en },
  ...(menu.buttons ?? []).map((b) => ({ id: b.textId, category: "button", zh: b.zh, en: b.en }))
]);
var dictCodes = (dicts) => dicts.flatMap((d) => [
  { id: d.textId, category: "dict", zh: d.zh, en: d.en },
  ...d.items.map((i) => ({ id: i.textId, category: d.code, zh: i.zh, en: i.en }))
]);
var distinct = (rows) => [...new Map(rows.map((r) => [r.id, r])).values()];
var syncCatalogue = async (db) => {
  const errorCodes = Object.values(Errors).map((e) => ({ id: e.code, category: "error", zh: e.zh, en: e.en }));
  const codes = distinct([...menuCodes(), ...dictCodes(DICTIONARIES), ...errorCodes]);
  await db.insert(codeTable).values(codes).onConflictDoNothing();
  for (const [i, d] of DICTIONARIES.entries()) {
    const [type] = await db.insert(dictTypes).values({ dictCode: d.code, textId: d.textId }).onConflictDoUpdate({ target: dictTypes.dictCode, set: { textId: d.textId } }).returning({ id: dictTypes.id });
    if (!type) throw new Error(`dictionary ${d.code} not written (${i})`);
    await db.insert(dictItems).values(d.items.map((item2, sortNo) => ({ dictId: type.id, value: item2.value, textId: item2.textId, sortNo }))).onConflictDoUpdate({
      target: [dictItems.dictId, dictItems.value],
      set: { textId: sql25`excluded.text_id`, sortNo: sql25`excluded.sort_no` }
    });
  }
  await syncPermissions(db);
  await db.insert(roles).values({
    roleCode: RoleCode.SysAdmin,
    roleName: "\u7CFB\u7EDF\u7BA1\u7406\u5458",
    roleNameEn: "System administrator",
    dataScope: "all"
  }).onConflictDoNothing();
  const [admin] = await db.select({ id: roles.id }).from(roles).where(eq53(roles.roleCode, RoleCode.SysAdmin));
  if (admin) {
    const all = await db.select({ id: permissions.id }).from(permissions);
    await db.insert(rolePermissions).values(all.map((p) => ({ roleId: admin.id, permissionId: p.id }))).onConflictDoNothing();
  }
  await db.insert(settings).values([
    { key: "system_title", value: "\u91C7\u8D2D\u7BA1\u7406\u7CFB\u7EDF" },
    { key: "system_title_en", value: "Procurement Management System" }
  ]).onConflictDoNothing();
};
var syncPermissions = async (db) => {
  const flat = flattenMenus(MENU_TREE);
  const menuRows = flat.map(({ menu, sortNo }) => ({
    code: menu.code,
    menuType: menu.component === ROUTE_VIEW ? 0 : 1,
    textId: menu.textId,
    name: menu.zh,
    url: menu.url,
    component: menu.component,
    icon: menu.icon ?? null,
    sortNo,
    hidden: menu.hidden ?? false,
    internalOrExternal: menu.internalOrExternal ?? false
  }));
  await db.insert(permissions).values(menuRows).onConflictDoUpdate({
    target: permissions.code,
    set: {
      menuType: sql25`excluded.menu_type`,
      textId: sql25`excluded.text_id`,
      name: sql25`excluded.name`,
      url: sql25`excluded.url`,
      component: sql25`excluded.component`,
      icon: sql25`excluded.icon`,
      sortNo: sql25`excluded.sort_no`,
      hidden: sql25`excluded.hidden`,
      internalOrExternal: sql25`excluded.internal_or_external`
    }
  });
  const ids2 = new Map(
    (await db.select({ id: permissions.id, code: permissions.code }).from(permissions).where(
      inArray24(
        permissions.code,
        menuRows.map((r) => r.code)
      )
    )).map((r) => [r.code, r.id])
  );
  for (const { menu, parentCode } of flat) {
    const parentId = parentCode ? ids2.get(parentCode) : null;
    await db.update(permissions).set({ parentId }).where(eq53(permissions.code, menu.code));
  }
  const buttonRows = flat.flatMap(
    ({ menu }) => (menu.buttons ?? []).map((b, i) => ({
      code: `${menu.code}:${b.code}`,
      parentId: ids2.get(menu.code),
      menuType: 2,
      textId: b.textId,
      name: b.zh,
      sortNo: i + 1,
      route: false,
      authType: b.authType ?? "1"
    }))
  );
  if (buttonRows.length > 0) {
    await db.insert(permissions).values(buttonRows).onConflictDoUpdate({
      target: permissions.code,
      set: {
        parentId: sql25`excluded.parent_id`,
        textId: sql25`excluded.text_id`,
        name: sql25`excluded.name`,
        sortNo: sql25`excluded.sort_no`
      }
    });
  }
};

// src/db/seed/demo/approval.ts
var FLOWS = [
  {
    business: AuditBusiness.Product,
    name: "\u4EA7\u54C1\u5BA1\u6838\u6D41\u7A0B",
    rejectFlow: RejectFlow.ToSubmitter,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      { stepName: "\u8D22\u52A1\u603B\u76D1\u5BA1\u6838", orgCode: "A01A05", roleCode: RoleCode.FinanceDirector },
      { stepName: "\u603B\u529E\u603B\u88C1\u5BA1\u6838", orgCode: "A01A03", roleCode: RoleCode.GmPresident }
    ]
  },
  {
    business: AuditBusiness.SaleOrder,
    name: "\u9500\u552E\u8BA2\u5355\u5BA1\u6838\u6D41\u7A0B",
    rejectFlow: RejectFlow.ToSubmitter,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      { stepName: "\u533A\u57DF\u603B\u88C1\u5BA1\u6838", orgCode: "A01A02", roleCode: RoleCode.RegionPresident },
      { stepName: "\u5206\u516C\u53F8\u8D22\u52A1\u5BA1\u6838", orgCode: "A01A05", roleCode: RoleCode.BranchFinance },
      { stepName: "\u603B\u529E\u603B\u88C1\u5BA1\u6838", orgCode: "A01A03", roleCode: RoleCode.GmPresident }
    ]
  },
  {
    business: AuditBusiness.OrderAdjust,
    name: "\u8BA2\u5355\u8C03\u6574\u5BA1\u6838\u6D41\u7A0B",
    rejectFlow: RejectFlow.ToPrevious,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      { stepName: "\u533A\u57DF\u603B\u88C1\u5BA1\u6838", orgCode: "A01A02", roleCode: RoleCode.RegionPresident },
      { stepName: "\u8D22\u52A1\u603B\u76D1\u5BA1\u6838", orgCode: "A01A05", roleCode: RoleCode.FinanceDirector }
    ]
  },
  {
    business: AuditBusiness.OrderDelete,
    name: "\u8BA2\u5355\u5220\u9664\u5BA1\u6838\u6D41\u7A0B",
    rejectFlow: RejectFlow.ToSubmitter,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      { stepName: "\u533A\u57DF\u603B\u88C1\u5BA1\u6838", orgCode: "A01A02", roleCode: RoleCode.RegionPresident },
      { stepName: "\u603B\u529E\u603B\u88C1\u5BA1\u6838", orgCode: "A01A03", roleCode: RoleCode.GmPresident }
    ]
  }
];
var seedApproval = async (db) => {
  for (const flow of FLOWS) {
    const { steps, ...config2 } = flow;
    const [row] = await db.insert(auditConfigs).values(config2).returning({ id: auditConfigs.id });
    if (!row) throw new Error(`audit config ${flow.business} not written`);
    await db.insert(auditConfigSteps).values(steps.map((s, i) => ({ ...s, configId: row.id, stepNo: i + 1, deptType: StepDeptType.Fixed })));
  }
};

// src/db/seed/demo/feedback.ts
import { inArray as inArray25 } from "drizzle-orm";
var HOUR = 36e5;
var seedFeedback = async (db) => {
  const rows = await db.select({ id: users.id, username: users.username, realname: users.realname }).from(users).where(inArray25(users.username, ["admin", "branch_admin", "finance_admin", "logistics_chief"]));
  const by = new Map(rows.map((u) => [u.username, u]));
  const admin = by.get("admin");
  const now = Date.now();
  const items = [
    {
      who: "branch_admin",
      title: "\u8BA2\u5355\u5217\u8868\u5E0C\u671B\u652F\u6301\u6309\u5206\u516C\u53F8\u7B5B\u9009",
      content: "\u6211\u4EEC\u6709\u4E24\u4E2A\u5206\u516C\u53F8\uFF0C\u6BCF\u6B21\u90FD\u8981\u7FFB\u9875\u67E5\u627E\u81EA\u5DF1\u7684\u8BA2\u5355\uFF0C\u80FD\u5426\u5728\u8BA2\u5355\u5217\u8868\u589E\u52A0\u5206\u516C\u53F8\u7B5B\u9009\u6761\u4EF6\uFF1F",
      ago: 72,
      reply: "\u5DF2\u5728\u8BA2\u5355\u5217\u8868\u7684\u67E5\u8BE2\u6761\u4EF6\u4E2D\u52A0\u5165\u5206\u516C\u53F8\uFF0C\u5237\u65B0\u9875\u9762\u5373\u53EF\u4F7F\u7528\u3002"
    },
    {
      who: "finance_admin",
      title: "Price export is missing the currency",
      content: "When I export branch prices the currency symbol is not in the sheet; finance needs it for the monthly report.",
      ago: 30
    },
    {
      who: "logistics_chief",
      title: "\u53D1\u8D27\u5355\u6253\u5370\u65F6\u7BB1\u89C4\u663E\u793A\u4E0D\u5168",
      content: "\u7BB1\u89C4\u540D\u79F0\u8F83\u957F\u65F6\uFF0C\u6253\u5370\u9884\u89C8\u4E2D\u4F1A\u88AB\u622A\u65AD\uFF0C\u5E0C\u671B\u53EF\u4EE5\u81EA\u52A8\u6362\u884C\u3002",
      ago: 5
    }
  ];
  const values2 = items.flatMap((f) => {
    const author = by.get(f.who);
    if (!author) return [];
    const createAt = new Date(now - f.ago * HOUR);
    const replied = f.reply && admin;
    return [
      {
        title: f.title,
        content: f.content,
        createBy: author.id,
        createByName: author.realname,
        createAt,
        replyStatus: replied ? "1" : "0",
        replyContent: replied ? f.reply : null,
        replyBy: replied ? admin.id : null,
        replyByName: replied ? admin.realname : null,
        replyAt: replied ? new Date(createAt.getTime() + 4 * HOUR) : null
      }
    ];
  });
  if (values2.length > 0) await db.insert(feedbacks).values(values2);
};

// src/db/seed/demo/masterdata.ts
import { eq as eq54 } from "drizzle-orm";
var SUPPLIERS = [
  ["S001", "\u5065\u5EB7\u98DF\u54C1\u539F\u6599\u6709\u9650\u516C\u53F8", "Health Food Ingredients Co.", "raw", "CN", "\u5F20\u4F1F"],
  ["S002", "\u7EFF\u6E90\u690D\u7269\u63D0\u53D6\u7269\u5382", "Green Source Botanical Extracts", "raw", "CN", "\u674E\u5F3A"],
  ["S003", "\u5EB7\u5B81\u80F6\u56CA\u5236\u9020\u6709\u9650\u516C\u53F8", "Kangning Capsule Manufacturing", "finished", "CN", "\u738B\u82B3"],
  ["S004", "\u534E\u7F8E\u5305\u88C5\u6750\u6599\u6709\u9650\u516C\u53F8", "Huamei Packaging Materials", "packaging", "CN", "\u5218\u6D0B"],
  ["S005", "\u91D1\u76FE\u7247\u5242\u4EE3\u5DE5\u5382", "Jindun Tablet OEM Factory", "oem", "CN", "\u9648\u78CA"],
  ["S006", "\u96EA\u5C71\u8336\u4E1A\u5408\u4F5C\u793E", "Snow Mountain Tea Cooperative", "raw", "CN", "\u6768\u9759"],
  ["S007", "\u4E1C\u65B9\u65E5\u5316\u6709\u9650\u516C\u53F8", "Oriental Daily Chemicals", "finished", "CN", "\u8D75\u654F"],
  ["S008", "\u6668\u5149\u5370\u5237\u5305\u88C5\u5382", "Morning Light Printing & Packaging", "packaging", "CN", "\u9EC4\u4E3D"],
  ["S009", "\u6CF0\u534E\u679C\u9171\u98DF\u54C1\u5382", "Thai-Hua Jam Foods", "oem", "TH", "Somchai"],
  ["S010", "\u897F\u4F2F\u5229\u4E9A\u8702\u871C\u516C\u53F8", "Siberian Honey Company", "raw", "RU", "Ivan Petrov"],
  ["S011", "\u5DF4\u897F\u5496\u5561\u4E0E\u53EF\u53EF\u51FA\u53E3", "Brazil Coffee & Cocoa Export", "raw", "BR", "Jo\xE3o Silva"],
  ["S012", "\u5370\u5C3C\u68D5\u6988\u6CB9\u52A0\u5DE5\u5382", "Indonesia Palm Oil Processing", "raw", "ID", "Budi Santoso"],
  ["S013", "\u957F\u767D\u5C71\u4EBA\u53C2\u79CD\u690D\u57FA\u5730", "Changbai Ginseng Plantation", "raw", "CN", "\u5B59\u6D9B"],
  ["S014", "\u6C38\u76DB\u73BB\u7483\u74F6\u5382", "Yongsheng Glass Bottles", "packaging", "CN", "\u5468\u6770"],
  ["S015", "\u7F8E\u4E50\u8461\u8404\u9152\u5E84", "Merlot Winery", "finished", "US", "Emma Brown"],
  ["S016", "\u4E30\u6536\u6709\u673A\u80A5\u6599\u5382", "Harvest Organic Fertiliser", "finished", "CN", "\u5434\u521A"],
  ["S017", "\u5B89\u519C\u751F\u7269\u519C\u836F\u6709\u9650\u516C\u53F8", "Annong Bio-Pesticides", "finished", "CN", "\u90D1\u8F89"],
  ["S018", "\u9EA6\u9999\u70D8\u7119\u98DF\u54C1\u4EE3\u5DE5", "Maixiang Bakery OEM", "oem", "CN", "\u51AF\u96EA"],
  ["S019", "\u84DD\u6D77\u56FA\u4F53\u996E\u6599\u5382", "Blue Ocean Powdered Drinks", "oem", "CN", "\u97E9\u6885"],
  ["S020", "\u54C8\u8428\u514B\u65AF\u5766\u8C37\u7269\u8D38\u6613", "Kazakhstan Grain Trading", "raw", "KZ", "Nursultan Abenov"]
];
var DEPOTS = [
  {
    code: "WH-SZ-F",
    name: "\u6DF1\u5733\u6210\u54C1\u4ED3",
    nameEn: "Shenzhen finished goods",
    depotType: "finished",
    location: "\u5E7F\u4E1C\u7701\u6DF1\u5733\u5E02\u5B9D\u5B89\u533A",
    managerName: "\u5B59\u4F1F"
  },
  {
    code: "WH-SZ-R",
    name: "\u6DF1\u5733\u539F\u6599\u4ED3",
    nameEn: "Shenzhen raw material",
    depotType: "raw",
    location: "\u5E7F\u4E1C\u7701\u6DF1\u5733\u5E02\u5B9D\u5B89\u533A",
    managerName: "\u5434\u5F3A"
  },
  {
    code: "WH-TJ-F",
    name: "\u5929\u6D25\u6E2F\u6210\u54C1\u4ED3",
    nameEn: "Tianjin port finished goods",
    depotType: "finished",
    location: "\u5929\u6D25\u5E02\u6EE8\u6D77\u65B0\u533A",
    managerName: "\u5468\u9E4F"
  },
  {
    code: "WH-YW-F",
    name: "\u4E49\u4E4C\u96C6\u6563\u4ED3",
    nameEn: "Yiwu distribution",
    depotType: "finished",
    location: "\u6D59\u6C5F\u7701\u4E49\u4E4C\u5E02",
    managerName: "\u94B1\u6653"
  },
  {
    code: "WH-CD-R",
    name: "\u6210\u90FD\u539F\u6599\u4ED3",
    nameEn: "Chengdu raw material",
    depotType: "raw",
    location: "\u56DB\u5DDD\u7701\u6210\u90FD\u5E02",
    managerName: "\u51AF\u6D9B"
  },
  {
    code: "WH-HRB-F",
    name: "\u54C8\u5C14\u6EE8\u9646\u8FD0\u4ED3",
    nameEn: "Harbin rail-freight",
    depotType: "finished",
    location: "\u9ED1\u9F99\u6C5F\u7701\u54C8\u5C14\u6EE8\u5E02",
    managerName: "\u738B\u521A"
  }
];
var BOX_SPECS = [
  ["B01", "\u5C0F\u53F7\u7EB8\u7BB1", "Small carton", 30, 20, 15, 0.3],
  ["B02", "\u4E2D\u53F7\u7EB8\u7BB1", "Medium carton", 40, 30, 25, 0.5],
  ["B03", "\u5927\u53F7\u7EB8\u7BB1", "Large carton", 60, 40, 35, 0.9],
  ["B04", "\u80F6\u56CA\u74F6\u88C5\u7BB1(48\u74F6)", "Capsule bottles x48", 45, 30, 22, 0.6],
  ["B05", "\u996E\u6599\u7BB1(24\u7F50)", "Drinks x24 cans", 40, 27, 13, 0.4],
  ["B06", "\u8461\u8404\u9152\u7BB1(6\u74F6)", "Wine x6 bottles", 33, 24, 32, 0.8],
  ["B07", "\u8336\u53F6\u793C\u76D2\u7BB1(12\u76D2)", "Tea gift boxes x12", 50, 35, 30, 0.7],
  ["B08", "\u80A5\u6599\u7F16\u7EC7\u888B(25kg)", "Fertiliser woven bag 25 kg", 80, 50, 15, 0.2]
];
var seedMasterData = async (db) => {
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const countryId = (code5) => countryRows.find((c) => c.code === code5)?.id ?? null;
  await db.insert(suppliers).values(
    SUPPLIERS.map(([code5, name, nameEn, supplierType, country, contactPerson], i) => ({
      code: code5,
      name,
      nameEn,
      supplierType,
      countryId: countryId(country),
      contactPerson,
      phone: `+86 755 8${String(1e6 + i * 7919).slice(0, 7)}`,
      email: `sales${i + 1}@supplier${i + 1}.example.com`,
      taxNumber: `91440300${String(1e7 + i * 104729).slice(0, 8)}X`,
      bankName: i % 2 ? "\u4E2D\u56FD\u5DE5\u5546\u94F6\u884C" : "\u4E2D\u56FD\u94F6\u884C",
      bankAccount: `6222 0000 ${String(1e3 + i).padStart(4, "0")} ${String(5e3 + i * 3).padStart(4, "0")}`,
      status: i === 19 ? "2" : "1",
      ...pinyinOf(name)
    }))
  );
  await db.insert(depots).values(DEPOTS.map((d, i) => ({ ...d, managerPhone: `1390000${String(i).padStart(4, "0")}`, ...pinyinOf(d.name) })));
  await db.insert(boxSpecs).values(
    BOX_SPECS.map(([code5, name, nameEn, lengthCm, widthCm, heightCm, grossWeightKg]) => ({
      code: code5,
      name,
      nameEn,
      lengthCm,
      widthCm,
      heightCm,
      grossWeightKg,
      ...pinyinOf(name)
    }))
  );
  await db.update(countries).set({ status: "2" }).where(eq54(countries.code, "MM"));
};

// src/db/seed/demo/messaging.ts
import { randomUUID as randomUUID4 } from "node:crypto";
import { eq as eq55, inArray as inArray26 } from "drizzle-orm";
var HOUR2 = 36e5;
var DAY = 24 * HOUR2;
var ago = (ms) => new Date(Date.now() - ms);
var NOTICES = [
  {
    title: "\u7CFB\u7EDF\u5347\u7EA7\u7EF4\u62A4\u901A\u77E5",
    content: "<p>\u5404\u4F4D\u540C\u4E8B\uFF1A</p><p>\u7CFB\u7EDF\u5C06\u4E8E\u672C\u5468\u516D <strong>22:00\u201324:00</strong> \u8FDB\u884C\u5347\u7EA7\u7EF4\u62A4\uFF0C\u671F\u95F4\u6682\u505C\u4F7F\u7528\u3002</p><ul><li>\u8BF7\u63D0\u524D\u4FDD\u5B58\u672A\u63D0\u4EA4\u7684\u8BA2\u5355\u8349\u7A3F</li><li>\u7EF4\u62A4\u7ED3\u675F\u540E\u8BF7\u91CD\u65B0\u767B\u5F55</li></ul>",
    noticeType: "system",
    openType: "detail",
    targetType: "all",
    status: "published",
    publishedAgo: 2 * DAY,
    excerpt: "\u7CFB\u7EDF\u5C06\u4E8E\u672C\u5468\u516D 22:00\u201324:00 \u8FDB\u884C\u5347\u7EA7\u7EF4\u62A4\uFF0C\u671F\u95F4\u6682\u505C\u4F7F\u7528\u3002"
  },
  {
    title: "\u9500\u552E\u8BA2\u5355\u5BA1\u6838\u6D41\u7A0B\u8C03\u6574",
    content: "<p>\u81EA\u4E0B\u6708\u8D77\uFF0C\u9500\u552E\u8BA2\u5355\u5BA1\u6838\u589E\u52A0<em>\u603B\u529E\u603B\u88C1</em>\u5BA1\u6838\u73AF\u8282\uFF1A</p><ol><li>\u533A\u57DF\u603B\u88C1\u5BA1\u6838</li><li>\u5206\u516C\u53F8\u8D22\u52A1\u5BA1\u6838</li><li>\u603B\u529E\u603B\u88C1\u5BA1\u6838</li></ol><p>\u8BE6\u89C1\u9500\u552E\u8BA2\u5355\u9875\u9762\u3002</p>",
    noticeType: "announcement",
    openType: "url",
    openUrl: "/sale/orderList",
    targetType: "roles",
    roles: [RoleCode.BranchAdmin, RoleCode.RegionPresident, RoleCode.BranchFinance, RoleCode.GmPresident],
    status: "published",
    publishedAgo: 1 * DAY,
    excerpt: "\u81EA\u4E0B\u6708\u8D77\uFF0C\u9500\u552E\u8BA2\u5355\u5BA1\u6838\u589E\u52A0\u603B\u529E\u603B\u88C1\u5BA1\u6838\u73AF\u8282\u3002"
  },
  {
    title: "\u5E74\u7EC8\u5E93\u5B58\u76D8\u70B9\u5B89\u6392",
    content: "<p>\u8BF7\u5404\u4ED3\u5E93\u4E8E 12 \u6708 20 \u65E5\u524D\u5B8C\u6210\u5E74\u7EC8\u76D8\u70B9\uFF0C\u5E76\u4E0A\u4F20\u76D8\u70B9\u7ED3\u679C\u3002</p>",
    noticeType: "notification",
    openType: "detail",
    targetType: "roles",
    roles: [RoleCode.LogisticsChief, RoleCode.LogisticsAdmin, RoleCode.SysAdmin],
    status: "withdrawn",
    publishedAgo: 5 * DAY,
    excerpt: "\u8BF7\u5404\u4ED3\u5E93\u4E8E 12 \u6708 20 \u65E5\u524D\u5B8C\u6210\u5E74\u7EC8\u76D8\u70B9\u3002"
  },
  {
    title: "\u6625\u8282\u653E\u5047\u5B89\u6392\uFF08\u8349\u7A3F\uFF09",
    content: "<p>\u6625\u8282\u653E\u5047\u65F6\u95F4\u5F85\u5B9A\u3002</p>",
    noticeType: "announcement",
    openType: "detail",
    targetType: "all",
    status: "draft",
    excerpt: ""
  }
];
var APPROVAL_MESSAGES = [
  ...Array.from({ length: 10 }, (_, i) => {
    const no = `SO202611${String(10 + i)}-${String(i + 1).padStart(4, "0")}`;
    return {
      to: RoleCode.RegionPresident,
      from: RoleCode.BranchAdmin,
      title: `\u5F85\u5BA1\u6838\uFF1A\u9500\u552E\u8BA2\u5355 ${no}`,
      content: "\u5BA1\u6279\u6D41\u7A0B\u7B2C 1 \u6B65\u7B49\u5F85\u60A8\u5BA1\u6838\u3002",
      menuId: "sale_order",
      busObjNo: no,
      hoursAgo: 3 + i * 7,
      read: i >= 6
    };
  }),
  {
    to: RoleCode.BranchAdmin,
    from: RoleCode.RegionPresident,
    title: "\u5BA1\u6838\u901A\u8FC7\uFF1A\u9500\u552E\u8BA2\u5355 SO20261110-0001",
    content: "\u5DF2\u901A\u8FC7\u4E00\u6B65\u5BA1\u6838\uFF0C\u7B49\u5F85\u4E0B\u4E00\u6B65\u5BA1\u6838\u3002",
    menuId: "sale_order",
    busObjNo: "SO20261110-0001",
    hoursAgo: 2
  },
  {
    to: RoleCode.BranchAdmin,
    from: RoleCode.BranchFinance,
    title: "\u5DF2\u9A73\u56DE\uFF1A\u9500\u552E\u8BA2\u5355 SO20261105-0004",
    content: "\u9A73\u56DE\u539F\u56E0\uFF1A\u4EF7\u683C\u4E0E\u672C\u6708\u4EF7\u683C\u8868\u4E0D\u4E00\u81F4\u3002",
    menuId: "sale_order",
    busObjNo: "SO20261105-0004",
    hoursAgo: 30
  },
  {
    to: RoleCode.FinanceDirector,
    from: RoleCode.BranchAdmin,
    title: "\u5F85\u5BA1\u6838\uFF1A\u4EA7\u54C1\u5217\u8868 P-0012",
    content: "\u5BA1\u6279\u6D41\u7A0B\u7B2C 1 \u6B65\u7B49\u5F85\u60A8\u5BA1\u6838\u3002",
    menuId: "pro_product",
    busObjNo: "P-0012",
    hoursAgo: 5
  }
];
var seedMessaging = async (db) => {
  const people2 = await db.select({ id: users.id, username: users.username, realname: users.realname }).from(users).where(eq55(users.delFlag, false));
  const byName = new Map(people2.map((p) => [p.username, p]));
  const admin = byName.get("admin");
  if (!admin) return;
  for (const n of NOTICES) {
    const roleRows = n.roles ? await db.select({ id: roles.id }).from(roles).where(inArray26(roles.roleCode, [...n.roles])) : [];
    const published = n.publishedAgo ? ago(n.publishedAgo) : null;
    const [row] = await db.insert(notices).values({
      title: n.title,
      content: n.content,
      noticeType: n.noticeType,
      openType: n.openType,
      openUrl: n.openUrl ?? null,
      targetType: n.targetType,
      targetIds: roleRows.map((r) => r.id),
      status: n.status,
      senderId: published ? admin.id : null,
      senderName: published ? admin.realname : null,
      publishTime: published,
      withdrawTime: n.status === "withdrawn" ? ago(DAY) : null,
      createBy: admin.id,
      createAt: published ?? ago(HOUR2)
    }).returning({ id: notices.id });
    if (!row || !published) continue;
    const roleIds = roleRows.map((r) => r.id);
    const members = roleIds.length ? await db.selectDistinct({ id: userRoles.userId }).from(userRoles).where(inArray26(userRoles.roleId, roleIds)) : [];
    const recipients = n.targetType === "all" ? people2.map((p) => p.id) : members.map((r) => r.id);
    if (recipients.length === 0) continue;
    await db.insert(noticeRecipients).values(recipients.map((userId) => ({ noticeId: row.id, userId })));
    const batchId2 = randomUUID4();
    await db.insert(messages).values(
      recipients.map((recipientId) => ({
        recipientId,
        title: n.title,
        content: n.excerpt,
        creator: admin.realname,
        creatorId: admin.id,
        noticeId: row.id,
        source: "notice.published",
        batchId: batchId2,
        createTime: published
      }))
    );
  }
  const batchId = randomUUID4();
  const rows = APPROVAL_MESSAGES.flatMap((m) => {
    const to = byName.get(m.to);
    const from = byName.get(m.from);
    if (!to) return [];
    return [
      {
        recipientId: to.id,
        title: m.title,
        content: m.content,
        creator: from?.realname ?? null,
        creatorId: from?.id ?? null,
        menuId: m.menuId,
        params: { busObjNo: m.busObjNo },
        readFlag: m.read ? 1 : 0,
        readTime: m.read ? ago(HOUR2) : null,
        source: "demo",
        batchId,
        createTime: ago(m.hoursAgo * HOUR2)
      }
    ];
  });
  if (rows.length > 0) await db.insert(messages).values(rows);
};

// src/db/seed/demo/organisation-data.ts
var DEPARTMENTS = [
  { orgCode: "A01", parent: null, zh: "\u96C6\u56E2", en: "Group" },
  { orgCode: "A01A01", parent: "A01", zh: "\u7269\u6D41\u4E2D\u5FC3", en: "Logistics center" },
  { orgCode: "A01A01A01", parent: "A01A01", zh: "\u7269\u6D41\u90E8", en: "Logistics department" },
  { orgCode: "A01A02", parent: "A01", zh: "\u6D77\u5916\u90E8", en: "Overseas department" },
  { orgCode: "A01A03", parent: "A01", zh: "\u603B\u7ECF\u7406\u529E\u516C\u5BA4", en: "General manager office" },
  { orgCode: "A01A04", parent: "A01", zh: "\u8FD0\u7EF4\u4E2D\u5FC3", en: "Operation and maintenance center" },
  { orgCode: "A01A05", parent: "A01", zh: "\u6D77\u5916\u8D22\u52A1", en: "Overseas finance" },
  { orgCode: "A01A06", parent: "A01", zh: "\u56FD\u5185\u5206\u516C\u53F8", en: "Domestic branch" },
  { orgCode: "A01A07", parent: "A01", zh: "\u56FD\u5185\u8D22\u52A1", en: "Domestic finance" }
];
var COUNTRIES = [
  { code: "CN", name: "\u4E2D\u56FD", nameEn: "China", currencyName: "\u4EBA\u6C11\u5E01", currencyCode: "CNY", currencySymbol: "\xA5" },
  { code: "RU", name: "\u4FC4\u7F57\u65AF", nameEn: "Russia", currencyName: "\u5362\u5E03", currencyCode: "RUB", currencySymbol: "\u20BD" },
  {
    code: "KZ",
    name: "\u54C8\u8428\u514B\u65AF\u5766",
    nameEn: "Kazakhstan",
    currencyName: "\u575A\u6208",
    currencyCode: "KZT",
    currencySymbol: "\u20B8"
  },
  { code: "BR", name: "\u5DF4\u897F", nameEn: "Brazil", currencyName: "\u96F7\u4E9A\u5C14", currencyCode: "BRL", currencySymbol: "R$" },
  { code: "PE", name: "\u79D8\u9C81", nameEn: "Peru", currencyName: "\u7D22\u5C14", currencyCode: "PEN", currencySymbol: "S/" },
  { code: "NG", name: "\u5C3C\u65E5\u5229\u4E9A", nameEn: "Nigeria", currencyName: "\u5948\u62C9", currencyCode: "NGN", currencySymbol: "\u20A6" },
  { code: "TH", name: "\u6CF0\u56FD", nameEn: "Thailand", currencyName: "\u6CF0\u94E2", currencyCode: "THB", currencySymbol: "\u0E3F" },
  {
    code: "ID",
    name: "\u5370\u5EA6\u5C3C\u897F\u4E9A",
    nameEn: "Indonesia",
    currencyName: "\u5370\u5C3C\u76FE",
    currencyCode: "IDR",
    currencySymbol: "Rp"
  },
  { code: "MM", name: "\u7F05\u7538", nameEn: "Myanmar", currencyName: "\u7F05\u5143", currencyCode: "MMK", currencySymbol: "K" },
  { code: "US", name: "\u7F8E\u56FD", nameEn: "United States", currencyName: "\u7F8E\u5143", currencyCode: "USD", currencySymbol: "$" }
];
var BRANCHES = [
  {
    code: "CN-HB",
    name: "\u534E\u5317\u5206\u516C\u53F8",
    nameEn: "North China branch",
    branchType: "domestic",
    country: "CN",
    region: "asia",
    dept: "A01A06"
  },
  {
    code: "CN-HD",
    name: "\u534E\u4E1C\u5206\u516C\u53F8",
    nameEn: "East China branch",
    branchType: "domestic",
    country: "CN",
    region: "asia",
    dept: "A01A06"
  },
  {
    code: "RU-MOW",
    name: "\u4FC4\u7F57\u65AF\u5206\u516C\u53F8",
    nameEn: "Russia branch",
    branchType: "overseas",
    country: "RU",
    region: "eurasia",
    dept: "A01A02"
  },
  {
    code: "KZ-ALA",
    name: "\u54C8\u8428\u514B\u65AF\u5766\u5206\u516C\u53F8",
    nameEn: "Kazakhstan branch",
    branchType: "overseas",
    country: "KZ",
    region: "eurasia",
    dept: "A01A02"
  },
  {
    code: "BR-SAO",
    name: "\u5DF4\u897F\u5206\u516C\u53F8",
    nameEn: "Brazil branch",
    branchType: "overseas",
    country: "BR",
    region: "south_america",
    dept: "A01A02"
  },
  {
    code: "PE-LIM",
    name: "\u79D8\u9C81\u5206\u516C\u53F8",
    nameEn: "Peru branch",
    branchType: "overseas",
    country: "PE",
    region: "south_america",
    dept: "A01A02"
  },
  {
    code: "NG-LOS",
    name: "\u5C3C\u65E5\u5229\u4E9A\u5206\u516C\u53F8",
    nameEn: "Nigeria branch",
    branchType: "overseas",
    country: "NG",
    region: "africa",
    dept: "A01A02"
  },
  {
    code: "TH-BKK",
    name: "\u6CF0\u56FD\u5206\u516C\u53F8",
    nameEn: "Thailand branch",
    branchType: "overseas",
    country: "TH",
    region: "asia",
    dept: "A01A02"
  },
  {
    code: "ID-JKT",
    name: "\u5370\u5C3C\u5206\u516C\u53F8",
    nameEn: "Indonesia branch",
    branchType: "overseas",
    country: "ID",
    region: "asia",
    dept: "A01A02"
  },
  {
    code: "MM-RGN",
    name: "\u7F05\u7538\u5206\u516C\u53F8",
    nameEn: "Myanmar branch",
    branchType: "overseas",
    country: "MM",
    region: "asia",
    dept: "A01A02"
  },
  {
    code: "US-LAX",
    name: "\u7F8E\u56FD\u5206\u516C\u53F8",
    nameEn: "United States branch",
    branchType: "overseas",
    country: "US",
    region: "north_america",
    dept: "A01A02"
  }
];
var POSITIONS = [
  { code: "P01", name: "\u603B\u88C1", nameEn: "President" },
  { code: "P02", name: "\u603B\u76D1", nameEn: "Director" },
  { code: "P03", name: "\u7ECF\u7406", nameEn: "Manager" },
  { code: "P04", name: "\u4E3B\u7BA1", nameEn: "Supervisor" },
  { code: "P05", name: "\u4E13\u5458", nameEn: "Specialist" },
  { code: "P06", name: "\u7BA1\u7406\u5458", nameEn: "Administrator" }
];

// src/db/seed/demo/people-data.ts
var VIEW_ONLY = [Btn.view.code, Btn.export.code];
var ROLES = [
  { code: RoleCode.SysAdmin, zh: "\u7CFB\u7EDF\u7BA1\u7406\u5458", en: "System administrator", dataScope: "all", grants: [] },
  {
    code: RoleCode.BranchAdmin,
    zh: "\u5206\u516C\u53F8\u7BA1\u7406\u5458",
    en: "Branch administrator",
    dataScope: "personal",
    grants: [
      ["pro_product", VIEW_ONLY],
      ["pro_branch_sale", ["export"]],
      ["pro_stock", ["export", "uploadStock"]],
      ["sale_order", ["add", "edit", "delete", "view", "export", "compare", "history", "applyModify"]],
      ["sale_apply_modify", ["add", "view", "export"]],
      ["sale_delivery", ["view"]]
    ]
  },
  {
    code: RoleCode.RegionPresident,
    zh: "\u533A\u57DF\u603B\u88C1",
    en: "Regional president",
    dataScope: "department",
    grants: [
      ["pro_product", VIEW_ONLY],
      ["sale_order", ["view", "audit", "export", "compare", "history"]],
      ["sale_apply_modify", ["view", "audit"]],
      ["sale_sub_apply", "*"],
      ["sale_order_delete", "*"],
      ["audit_detail", "*"],
      ["audit_modify_history", "*"],
      ["md_branch", ["export"]],
      ["md_country", ["export"]]
    ]
  },
  {
    code: RoleCode.BranchFinance,
    zh: "\u5206\u516C\u53F8\u8D22\u52A1",
    en: "Branch finance",
    dataScope: "department",
    grants: [
      ["pro_product", ["view"]],
      ["pro_price", ["export"]],
      ["sale_order", ["view", "audit", "export"]],
      ["sale_sub_apply", "*"],
      ["audit_detail", "*"]
    ]
  },
  {
    code: RoleCode.LogisticsChief,
    zh: "\u7269\u6D41\u4E3B\u7BA1",
    en: "Logistics chief",
    dataScope: "all",
    grants: [
      ["pro_product", VIEW_ONLY],
      ["pro_stock", "*"],
      ["sale_order", ["view", "audit", "export"]],
      ["sale_delivery", "*"],
      ["sale_sub_apply", "*"],
      ["md_depot", "*"],
      ["md_box_spec", "*"],
      ["audit_detail", "*"],
      ["audit_modify_history", ["view", "compare"]]
    ]
  },
  {
    code: RoleCode.GmPresident,
    zh: "\u603B\u529E\u603B\u88C1",
    en: "General-office president",
    dataScope: "all",
    grants: [
      ["pro_product", ["view", "audit", "export"]],
      ["sale_order", ["view", "audit", "export", "compare", "history"]],
      ["sale_order_delete", "*"],
      ["sale_audit_config", "*"],
      ["audit_detail", "*"],
      ["audit_modify_history", "*"]
    ]
  },
  {
    code: RoleCode.LogisticsAdmin,
    zh: "\u7269\u6D41\u7BA1\u7406\u5458",
    en: "Logistics administrator",
    dataScope: "all",
    grants: [
      ["pro_product", VIEW_ONLY],
      ["pro_stock", "*"],
      ["sale_order", VIEW_ONLY],
      ["sale_delivery", "*"],
      ["md_depot", "*"],
      ["md_box_spec", "*"]
    ]
  },
  {
    code: RoleCode.FinanceDirector,
    zh: "\u8D22\u52A1\u603B\u76D1",
    en: "Finance director",
    dataScope: "all",
    grants: [
      ["pro_product", ["view", "price", "audit"]],
      ["pro_price", "*"],
      ["sale_order", ["view", "audit", "export"]],
      ["sale_apply_modify", ["view", "audit"]],
      ["sale_sub_apply", "*"],
      ["audit_detail", "*"]
    ]
  },
  {
    code: RoleCode.FinanceAdmin,
    zh: "\u8D22\u52A1\u7BA1\u7406\u5458",
    en: "Finance administrator",
    dataScope: "department",
    grants: [
      ["pro_product", ["view", "price"]],
      ["pro_price", ["edit", "export", "history"]],
      ["sale_order", VIEW_ONLY],
      ["md_supplier", "*"],
      ["md_country", "*"]
    ]
  }
];
var USERS = [
  { username: "admin", realname: "\u7BA1\u7406\u5458", role: RoleCode.SysAdmin, departs: ["A01A04"], position: "P06", gender: "1" },
  {
    username: RoleCode.SysAdmin,
    realname: "\u8D75\u7ACB\u65B0",
    role: RoleCode.SysAdmin,
    departs: ["A01A04"],
    position: "P06",
    gender: "1"
  },
  {
    username: RoleCode.BranchAdmin,
    realname: "\u738B\u78CA",
    role: RoleCode.BranchAdmin,
    departs: ["A01A02"],
    position: "P03",
    branches: ["RU-MOW", "KZ-ALA"],
    gender: "1"
  },
  {
    username: RoleCode.RegionPresident,
    realname: "\u9648\u9759",
    role: RoleCode.RegionPresident,
    departs: ["A01A02", "A01A06"],
    position: "P01",
    branches: ["RU-MOW", "KZ-ALA", "BR-SAO"],
    gender: "2"
  },
  {
    username: RoleCode.BranchFinance,
    realname: "\u5218\u6D0B",
    role: RoleCode.BranchFinance,
    departs: ["A01A05"],
    position: "P05",
    gender: "1"
  },
  {
    username: RoleCode.LogisticsChief,
    realname: "\u5B59\u4F1F",
    role: RoleCode.LogisticsChief,
    departs: ["A01A01"],
    position: "P04",
    gender: "1"
  },
  {
    username: RoleCode.GmPresident,
    realname: "\u5468\u654F",
    role: RoleCode.GmPresident,
    departs: ["A01A03"],
    position: "P01",
    gender: "2"
  },
  {
    username: RoleCode.LogisticsAdmin,
    realname: "\u5434\u5F3A",
    role: RoleCode.LogisticsAdmin,
    departs: ["A01A01A01"],
    position: "P06",
    gender: "1"
  },
  {
    username: RoleCode.FinanceDirector,
    realname: "\u90D1\u4E3D",
    role: RoleCode.FinanceDirector,
    departs: ["A01A05", "A01A07"],
    position: "P02",
    gender: "2"
  },
  {
    username: RoleCode.FinanceAdmin,
    realname: "\u9EC4\u82B3",
    role: RoleCode.FinanceAdmin,
    departs: ["A01A07"],
    position: "P05",
    gender: "2"
  }
];

// src/db/seed/demo/organisation.ts
var DEMO_PASSWORD = "Demo@2026";
var byKey = (rows, key2) => new Map(rows.map((r) => [r[key2], r]));
var seedOrganisation = async (db) => {
  const deptIds = /* @__PURE__ */ new Map();
  for (const [i, d] of DEPARTMENTS.entries()) {
    const [row] = await db.insert(departments).values({
      orgCode: d.orgCode,
      parentId: d.parent ? deptIds.get(d.parent) : null,
      departName: d.zh,
      departNameEn: d.en,
      sortNo: i,
      ...pinyinOf(d.zh)
    }).returning({ id: departments.id });
    if (row) deptIds.set(d.orgCode, row.id);
  }
  const countryRows = await db.insert(countries).values([...COUNTRIES]).returning({ id: countries.id, code: countries.code });
  const countryIds = byKey(countryRows, "code");
  const branchRows = await db.insert(branches).values(
    BRANCHES.map((b, i) => ({
      code: b.code,
      name: b.name,
      nameEn: b.nameEn,
      branchType: b.branchType,
      countryId: countryIds.get(b.country)?.id,
      region: b.region,
      departId: deptIds.get(b.dept),
      orgCode: b.dept,
      sortNo: i,
      ...pinyinOf(b.name)
    }))
  ).returning({ id: branches.id, code: branches.code });
  const branchIds = byKey(branchRows, "code");
  const positionRows = await db.insert(positions).values(POSITIONS.map((p, i) => ({ ...p, sortNo: i, ...pinyinOf(p.name) }))).returning({ id: positions.id, code: positions.code });
  const positionIds = byKey(positionRows, "code");
  const allPermissions = await db.select({ id: permissions.id, code: permissions.code }).from(permissions);
  const permissionIds = new Map(allPermissions.map((p) => [p.code, p.id]));
  const parents = new Map(flattenMenus(MENU_TREE).map(({ menu, parentCode }) => [menu.code, parentCode]));
  const buttonsOf = new Map(
    flattenMenus(MENU_TREE).map(({ menu }) => [menu.code, (menu.buttons ?? []).map((b) => b.code)])
  );
  const codesOf = (grants) => {
    const codes = /* @__PURE__ */ new Set(["dashboard"]);
    for (const [menu, buttons] of grants) {
      for (let m = menu; m; m = parents.get(m)) codes.add(m);
      for (const b of buttons === "*" ? buttonsOf.get(menu) ?? [] : buttons) codes.add(`${menu}:${b}`);
    }
    for (const code5 of codes) if (!permissionIds.has(code5)) throw new Error(`seed grants unknown permission ${code5}`);
    return codes;
  };
  const roleIds = /* @__PURE__ */ new Map();
  for (const r of ROLES) {
    const [row] = await db.insert(roles).values({ roleCode: r.code, roleName: r.zh, roleNameEn: r.en, dataScope: r.dataScope }).onConflictDoUpdate({ target: roles.roleCode, set: { roleNameEn: r.en, dataScope: r.dataScope } }).returning({ id: roles.id });
    if (!row) continue;
    roleIds.set(r.code, row.id);
    if (r.grants.length === 0) continue;
    await db.insert(rolePermissions).values([...codesOf(r.grants)].map((code5) => ({ roleId: row.id, permissionId: permissionIds.get(code5) }))).onConflictDoNothing();
  }
  const hashes = await Promise.all(USERS.map(() => hashPassword(sha256Hex(DEMO_PASSWORD))));
  for (const [i, u] of USERS.entries()) {
    const [row] = await db.insert(users).values({
      username: u.username,
      realname: u.realname,
      passwordHash: hashes[i],
      positionId: positionIds.get(u.position)?.id,
      gender: u.gender,
      email: `${u.username}@example.com`,
      phone: `1380000${String(i).padStart(4, "0")}`,
      hireDate: `20${String(15 + i % 10).padStart(2, "0")}-0${i % 9 + 1}-15`,
      orgCode: u.departs[0],
      status: "1"
    }).returning({ id: users.id });
    if (!row) continue;
    await db.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(u.role) });
    await db.insert(userDepartments).values(u.departs.map((d) => ({ userId: row.id, departId: deptIds.get(d) })));
    if (u.branches?.length) {
      await db.insert(userBranches).values(u.branches.map((b) => ({ userId: row.id, branchId: branchIds.get(b).id })));
    }
  }
};

// src/db/seed/demo/product.ts
import { eq as eq57 } from "drizzle-orm";

// src/db/seed/demo/product-data.ts
var CATEGORIES = [
  ["C01", "\u65E5\u5316", "Daily chemicals", null],
  ["C02", "\u996E\u6599", "Drinks", null],
  ["C03", "\u80F6\u56CA", "Capsules", null],
  ["C04", "\u9152", "Wine", null],
  ["C05", "\u8336", "Tea", null],
  ["C06", "\u679C\u9171", "Jam", null],
  ["C07", "\u7C89\u5242", "Powder", null],
  ["C08", "\u7247\u5242", "Tablets", null],
  ["C09", "\u519C\u4F5C\u7269", "Crops", null],
  ["C10", "\u70D8\u7119", "Bakery", null],
  ["C11", "\u80A5\u6599", "Fertiliser", null],
  ["C12", "\u519C\u836F", "Pesticide", null],
  ["C0501", "\u7EFF\u8336", "Green tea", "C05"],
  ["C0502", "\u7EA2\u8336", "Black tea", "C05"],
  ["C0701", "\u86CB\u767D\u7C89", "Protein powder", "C07"]
];
var PACKING = {
  C01: ["B02", 12],
  C02: ["B05", 24],
  C03: ["B04", 48],
  C04: ["B06", 6],
  C05: ["B07", 12],
  C06: ["B02", 24],
  C07: ["B02", 12],
  C08: ["B04", 48],
  C09: ["B08", 1],
  C10: ["B03", 20],
  C11: ["B08", 1],
  C12: ["B01", 12]
};
var PRODUCTS = [
  ["DC-001", "\u8349\u672C\u6D17\u53D1\u6C34", "Herbal shampoo", "C01", "500ml", "bottle", "liquid", "S007", "self", "finished", "ru_en", 0.52, 1095, 18.5],
  ["DC-002", "\u8584\u8377\u7259\u818F", "Mint toothpaste", "C01", "120g", "piece", "paste", "S007", "self", "finished", "ru_kk", 0.13, 1095, 6.8],
  ["DC-003", "\u6D53\u7F29\u6D17\u8863\u6DB2", "Concentrated laundry detergent", "C01", "2L", "bottle", "liquid", "S007", "oem", "finished", "en_fr", 2.1, 1095, 22],
  ["DC-004", "\u82A6\u835F\u6C90\u6D74\u9732", "Aloe shower gel", "C01", "750ml", "bottle", "liquid", "S007", "self", "finished", "pt_es", 0.78, 1095, 19.9],
  ["DC-005", "\u67E0\u6AAC\u6D17\u6D01\u7CBE", "Lemon dish soap", "C01", "1.2kg", "bottle", "liquid", "S007", "oem", "finished", "en_th", 1.25, 730, 9.5],
  ["DR-001", "\u4EBA\u53C2\u80FD\u91CF\u996E\u6599", "Ginseng energy drink", "C02", "250ml", "can", "liquid", "S019", "oem", "finished", "ru_en", 0.27, 540, 3.2],
  ["DR-002", "\u6C99\u68D8\u679C\u6C41", "Sea buckthorn juice", "C02", "300ml", "bottle", "liquid", "S019", "oem", "finished", "ru", 0.32, 365, 5.6],
  ["DR-003", "\u67B8\u675E\u539F\u6D46", "Goji berry puree", "C02", "30ml\xD710", "box", "liquid", "S019", "self", "finished", "en_id", 0.35, 540, 48],
  ["DR-004", "\u59DC\u67A3\u56FA\u4F53\u996E\u6599", "Ginger-jujube instant drink", "C02", "15g\xD720", "box", "granule", "S019", "oem", "finished", "en_my", 0.3, 720, 16],
  ["DR-005", "\u82CF\u6253\u6C34", "Soda water", "C02", "500ml", "bottle", "liquid", "S019", "oem", "finished", "zh_en", 0.52, 365, 1.8],
  ["DR-006", "\u6930\u5B50\u6C34", "Coconut water", "C02", "330ml", "can", "liquid", "S009", "oem", "finished", "en_th", 0.35, 365, 4.5],
  ["CP-001", "\u7075\u829D\u5B62\u5B50\u7C89\u80F6\u56CA", "Ganoderma spore capsules", "C03", "0.3g\xD760\u7C92", "bottle", "capsule", "S003", "self", "finished", "ru_en", 0.05, 730, 68],
  ["CP-002", "\u6DF1\u6D77\u9C7C\u6CB9\u8F6F\u80F6\u56CA", "Deep-sea fish oil softgels", "C03", "1g\xD7100\u7C92", "bottle", "softgel", "S003", "self", "finished", "en", 0.14, 730, 45],
  ["CP-003", "\u8461\u8404\u7C7D\u80F6\u56CA", "Grape seed capsules", "C03", "0.5g\xD760\u7C92", "bottle", "capsule", "S003", "self", "finished", "fr", 0.06, 730, 39],
  ["CP-004", "\u8F85\u9176Q10\u8F6F\u80F6\u56CA", "CoQ10 softgels", "C03", "0.5g\xD760\u7C92", "bottle", "softgel", "S003", "oem", "finished", "pt", 0.05, 730, 58],
  ["CP-005", "\u87BA\u65CB\u85FB\u80F6\u56CA", "Spirulina capsules", "C03", "0.4g\xD7100\u7C92", "bottle", "capsule", "S003", "self", "finished", "es", 0.07, 730, 28],
  ["CP-006", "\u4EBA\u53C2\u7682\u82F7\u80F6\u56CA", "Ginsenoside capsules", "C03", "0.3g\xD760\u7C92", "bottle", "capsule", "S013", "self", "finished", "ru_en_fr", 0.05, 730, 88],
  ["WN-001", "\u8D64\u971E\u73E0\u5E72\u7EA2\u8461\u8404\u9152", "Cabernet Sauvignon dry red", "C04", "750ml", "bottle", null, "S015", "oem", "finished", "ru_en", 1.25, 3650, 62],
  ["WN-002", "\u971E\u591A\u4E3D\u5E72\u767D\u8461\u8404\u9152", "Chardonnay dry white", "C04", "750ml", "bottle", null, "S015", "oem", "finished", "en", 1.25, 3650, 55],
  ["WN-003", "\u67B8\u675E\u9152", "Goji berry wine", "C04", "500ml", "bottle", null, "S015", "self", "finished", "ru", 0.95, 3650, 38],
  ["WN-004", "\u4EBA\u53C2\u9152", "Ginseng liquor", "C04", "500ml", "bottle", null, "S013", "self", "finished", "ru_kk", 1.05, 3650, 96],
  ["TE-001", "\u897F\u6E56\u9F99\u4E95", "West Lake Longjing", "C0501", "250g", "can", "solid", "S006", "self", "finished", "zh_en", 0.3, 540, 120],
  ["TE-002", "\u78A7\u87BA\u6625", "Biluochun green tea", "C0501", "200g", "can", "solid", "S006", "self", "finished", "ru_en", 0.25, 540, 98],
  ["TE-003", "\u7941\u95E8\u7EA2\u8336", "Keemun black tea", "C0502", "250g", "box", "solid", "S006", "self", "finished", "en", 0.3, 720, 86],
  ["TE-004", "\u666E\u6D31\u8336\u997C", "Pu'er tea cake", "C05", "357g", "piece", "solid", "S006", "self", "finished", "en_my", 0.4, 3650, 75],
  ["TE-005", "\u83CA\u82B1\u8336", "Chrysanthemum tea", "C05", "3g\xD720\u888B", "box", "teabag", "S006", "oem", "finished", "en_th", 0.08, 720, 15],
  ["JM-001", "\u84DD\u8393\u679C\u9171", "Blueberry jam", "C06", "340g", "bottle", "paste", "S009", "oem", "finished", "ru_en", 0.55, 540, 12.5],
  ["JM-002", "\u8349\u8393\u679C\u9171", "Strawberry jam", "C06", "340g", "bottle", "paste", "S009", "oem", "finished", "pt_es", 0.55, 540, 11],
  ["JM-003", "\u8292\u679C\u679C\u9171", "Mango jam", "C06", "300g", "bottle", "paste", "S009", "oem", "finished", "en_th", 0.5, 540, 11.8],
  ["JM-004", "\u6C99\u68D8\u679C\u9171", "Sea buckthorn jam", "C06", "250g", "bottle", "paste", "S010", "self", "finished", "ru", 0.42, 540, 14],
  ["PW-001", "\u4E73\u6E05\u86CB\u767D\u7C89", "Whey protein powder", "C0701", "908g", "can", "powder", "S019", "oem", "finished", "en_es", 1.05, 730, 168],
  ["PW-002", "\u5927\u8C46\u86CB\u767D\u7C89", "Soy protein powder", "C0701", "500g", "can", "powder", "S019", "self", "finished", "ru_en", 0.62, 730, 66],
  ["PW-003", "\u845B\u6839\u7C89", "Kudzu root powder", "C07", "400g", "bag", "powder", "S001", "self", "finished", "zh", 0.42, 540, 26],
  ["PW-004", "\u76CA\u751F\u83CC\u7C89", "Probiotic powder", "C07", "2g\xD730\u888B", "box", "powder", "S019", "oem", "finished", "en_id", 0.09, 540, 79],
  ["PW-005", "\u4EE3\u9910\u7C89", "Meal replacement powder", "C07", "500g", "can", "powder", "S019", "oem", "finished", "fr", 0.6, 540, 58],
  ["TB-001", "\u7EF4\u751F\u7D20C\u5480\u56BC\u7247", "Vitamin C chewable tablets", "C08", "1g\xD760\u7247", "bottle", "tablet", "S005", "oem", "finished", "ru_en", 0.08, 730, 19],
  ["TB-002", "\u9499\u7EF4\u751F\u7D20D\u7247", "Calcium with vitamin D", "C08", "1.2g\xD7100\u7247", "bottle", "tablet", "S005", "oem", "finished", "pt", 0.14, 730, 32],
  ["TB-003", "\u590D\u5408\u7EF4\u751F\u7D20\u7247", "Multivitamin tablets", "C08", "1g\xD790\u7247", "bottle", "tablet", "S005", "oem", "finished", "es", 0.11, 730, 42],
  ["TB-004", "\u53F6\u9EC4\u7D20\u7247", "Lutein tablets", "C08", "0.5g\xD760\u7247", "bottle", "tablet", "S005", "oem", "finished", "th", 0.05, 730, 36],
  ["TB-005", "\u8584\u8377\u538B\u7247\u7CD6\u679C", "Mint pressed candy", "C08", "0.6g\xD730\u7247", "strip", "tablet", "S005", "oem", "finished", "id", 0.02, 540, 3.5],
  ["CR-001", "\u6709\u673A\u5C0F\u9EA6", "Organic wheat", "C09", "50kg", "bag", null, "S020", "oem", "raw", "ru_kk", 50, 365, 210],
  ["CR-002", "\u835E\u9EA6", "Buckwheat", "C09", "25kg", "bag", null, "S020", "oem", "raw", "ru", 25, 365, 160],
  ["CR-003", "\u5B81\u590F\u67B8\u675E\u5E72\u679C", "Ningxia dried goji", "C09", "1kg", "bag", null, "S001", "oem", "raw", "zh", 1, 540, 65],
  ["CR-004", "\u957F\u767D\u5C71\u4EBA\u53C2", "Changbai ginseng root", "C09", "1kg", "kg", null, "S013", "oem", "raw", "zh", 1, 365, 680],
  ["CR-005", "\u6C99\u68D8\u539F\u679C", "Sea buckthorn berries", "C09", "1kg", "kg", null, "S010", "oem", "raw", "ru", 1, 180, 28],
  ["BK-001", "\u5168\u9EA6\u9762\u5305", "Whole-wheat bread", "C10", "400g", "bag", null, "S018", "oem", "finished", "zh_en", 0.42, 15, 8.5],
  ["BK-002", "\u71D5\u9EA6\u997C\u5E72", "Oat biscuits", "C10", "300g", "box", null, "S018", "oem", "finished", "ru_en", 0.32, 270, 12],
  ["BK-003", "\u4E94\u4EC1\u6708\u997C\u793C\u76D2", "Mooncake gift box", "C10", "6\u679A", "box", null, "S018", "oem", "finished", "zh_en", 0.75, 60, 88],
  ["BK-004", "\u82CF\u6253\u997C\u5E72", "Soda crackers", "C10", "400g", "bag", null, "S018", "oem", "finished", "en_es", 0.42, 270, 9.8],
  ["FT-001", "\u6709\u673A\u80A5", "Organic fertiliser", "C11", "25kg", "bag", null, "S016", "self", "finished", "ru_kk", 25, 1095, 45],
  ["FT-002", "\u590D\u5408\u80A5", "NPK compound fertiliser", "C11", "50kg", "bag", null, "S016", "self", "finished", "pt_es", 50, 1095, 150],
  ["FT-003", "\u53F6\u9762\u80A5", "Foliar fertiliser", "C11", "1L", "bottle", "liquid", "S016", "oem", "finished", "en_fr", 1.1, 730, 32],
  ["FT-004", "\u751F\u7269\u83CC\u80A5", "Bio-bacterial fertiliser", "C11", "20kg", "bag", null, "S016", "self", "finished", "es", 20, 365, 68],
  ["PS-001", "\u82E6\u53C2\u78B1\u751F\u7269\u6740\u866B\u5242", "Matrine bio-insecticide", "C12", "1L", "bottle", "liquid", "S017", "self", "finished", "pt", 1.05, 730, 56],
  ["PS-002", "\u5370\u695D\u7D20\u6740\u866B\u5242", "Azadirachtin insecticide", "C12", "500ml", "bottle", "liquid", "S017", "oem", "finished", "en_fr", 0.55, 730, 48],
  ["PS-003", "\u591A\u83CC\u7075\u6740\u83CC\u5242", "Carbendazim fungicide", "C12", "1kg", "bag", "powder", "S017", "self", "finished", "es", 1, 730, 26],
  ["PS-004", "\u8349\u7518\u81A6\u9664\u8349\u5242", "Glyphosate herbicide", "C12", "5L", "barrel", "liquid", "S017", "oem", "finished", "pt_es", 5.4, 730, 95],
  ["PK-001", "250ml\u73BB\u7483\u9152\u74F6", "250ml glass wine bottle", "C04", "250ml", "piece", null, "S014", "oem", "packaging", "zh", 0.3, 3650, 1.2],
  ["PK-002", "HDPE\u80F6\u56CA\u74F6", "HDPE capsule bottle", "C03", "150ml", "piece", null, "S004", "oem", "packaging", "zh", 0.02, 3650, 0.45],
  ["PK-003", "\u9A6C\u53E3\u94C1\u8336\u53F6\u7F50", "Tinplate tea can", "C05", "250g\u88C5", "piece", null, "S008", "oem", "packaging", "zh", 0.08, 3650, 2.6]
];
var PENDING = ["DR-006", "BK-004", "PK-003"];
var REJECTED = "TB-005";

// src/db/seed/demo/product-images.ts
import { createHash as createHash5 } from "node:crypto";
import { access, mkdir as mkdir2, writeFile as writeFile2 } from "node:fs/promises";
import path5 from "node:path";
import { crc32, deflateSync } from "node:zlib";
var chunk = (type, data) => {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
};
var productPng = (hue, n) => {
  const size2 = 64;
  const [r, g, b] = [
    Math.round(128 + 100 * Math.sin(hue)),
    Math.round(128 + 100 * Math.sin(hue + 2.1)),
    Math.round(128 + 100 * Math.sin(hue + 4.2))
  ];
  const raw = Buffer.alloc(size2 * (1 + size2 * 3));
  for (let y = 0; y < size2; y++) {
    raw[y * (1 + size2 * 3)] = 0;
    for (let x = 0; x < size2; x++) {
      const band = Math.abs(x - y - n * 12) < 10 || (x - 32) ** 2 + (y - 32) ** 2 < 90;
      const o = y * (1 + size2 * 3) + 1 + x * 3;
      raw[o] = band ? 255 : r;
      raw[o + 1] = band ? 250 : g;
      raw[o + 2] = band ? 240 : b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size2, 0);
  ihdr.writeUInt32BE(size2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0))
  ]);
};
var storeImage = async (filesDir, name, bytes) => {
  const key2 = createHash5("sha256").update(`seed:${name}`).digest("hex").slice(0, 32);
  const target = path5.join(filesDir, key2.slice(0, 2), key2);
  const present = await access(target).then(
    () => true,
    () => false
  );
  if (!present) {
    await mkdir2(path5.dirname(target), { recursive: true });
    await writeFile2(target, bytes);
  }
  return { key: key2, sha256: createHash5("sha256").update(bytes).digest("hex") };
};

// src/db/seed/demo/product-stock.ts
import { eq as eq56 } from "drizzle-orm";
var addDays2 = (day2, days) => {
  const d = /* @__PURE__ */ new Date(`${day2}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
var eqStock = (id2) => eq56(stocks.id, id2);
var seedStock = async (db, userId, sellable, depotIds, branchIds) => {
  const finished = ["WH-SZ-F", "WH-TJ-F", "WH-YW-F", "WH-HRB-F"];
  const raw = ["WH-SZ-R", "WH-CD-R"];
  const byDoc = /* @__PURE__ */ new Map();
  for (const [j, { p, id: id2 }] of sellable.entries()) {
    const pool = p[9] === "finished" ? finished : raw;
    for (const k of [0, 1]) {
      const depot = pool[(j + k * 2) % pool.length];
      const productionDate = addDays2("2026-01-05", (j * 7 + k * 31) % 150);
      const docType = p[8] === "self" ? StockDocType.ProductionIn : StockDocType.PurchaseIn;
      const key2 = `${depot}|${docType}`;
      const doc2 = byDoc.get(key2) ?? { depot, docType, lines: [] };
      doc2.lines.push({
        productId: id2,
        batchNo: `${productionDate.replace(/-/g, "")}-${String(j + 1).padStart(2, "0")}${k ? "B" : "A"}`,
        quantity: p[5] === "kg" ? 500 + j * 10 : 120 + (j * 37 + k * 53) % 900,
        productionDate,
        expiryDate: addDays2(productionDate, p[12])
      });
      byDoc.set(key2, doc2);
    }
  }
  const stockRows = [];
  for (const doc2 of byDoc.values()) {
    const docNo2 = await nextNumber(db, STOCK_DOC_PREFIX[doc2.docType]);
    const depotId = depotIds.get(doc2.depot);
    const total = doc2.lines.reduce((s, l) => s + l.quantity, 0);
    const [row] = await db.insert(stockDocs).values({
      docNo: docNo2,
      docType: doc2.docType,
      depotId,
      docDate: "2026-06-01",
      lineCount: doc2.lines.length,
      totalQuantity: total,
      remark: "\u671F\u521D\u5E93\u5B58 opening stock",
      createBy: userId,
      orgCode: "A01A01"
    }).returning({ id: stockDocs.id });
    await db.insert(stockDocLines).values(doc2.lines.map((l, i) => ({ ...l, docId: row.id, lineNo: i + 1 })));
    await db.insert(stockLedger).values(
      doc2.lines.map((l) => ({
        docId: row.id,
        docNo: docNo2,
        docType: doc2.docType,
        depotId,
        productId: l.productId,
        batchNo: l.batchNo,
        change: l.quantity,
        quantityAfter: l.quantity,
        createBy: userId,
        orgCode: "A01A01"
      }))
    );
    stockRows.push(...doc2.lines.map((l) => ({ ...l, depotId, createBy: userId, orgCode: "A01A01" })));
  }
  const inserted = await db.insert(stocks).values(stockRows).returning();
  const shenzhen = depotIds.get("WH-SZ-F");
  const out = inserted.filter((s) => s.depotId === shenzhen).slice(0, 3);
  const docNo = await nextNumber(db, STOCK_DOC_PREFIX[StockDocType.SalesOut]);
  const [doc] = await db.insert(stockDocs).values({
    docNo,
    docType: StockDocType.SalesOut,
    depotId: shenzhen,
    docDate: "2026-06-15",
    branchId: branchIds.get("RU-MOW") ?? null,
    lineCount: out.length,
    totalQuantity: out.length * 24,
    createBy: userId,
    orgCode: "A01A01"
  }).returning({ id: stockDocs.id });
  for (const [i, s] of out.entries()) {
    await db.insert(stockDocLines).values({
      docId: doc.id,
      lineNo: i + 1,
      productId: s.productId,
      batchNo: s.batchNo,
      quantity: 24,
      productionDate: s.productionDate,
      expiryDate: s.expiryDate
    });
    await db.update(stocks).set({ quantity: s.quantity - 24, version: 2 }).where(eqStock(s.id));
    await db.insert(stockLedger).values({
      docId: doc.id,
      docNo,
      docType: StockDocType.SalesOut,
      depotId: shenzhen,
      productId: s.productId,
      batchNo: s.batchNo,
      change: -24,
      quantityAfter: s.quantity - 24,
      createBy: userId,
      orgCode: "A01A01"
    });
  }
  for (const [b, code5] of [
    ["RU-MOW", 0],
    ["KZ-ALA", 1]
  ]) {
    const branchId = branchIds.get(b);
    await db.insert(branchStocks).values(
      sellable.filter((_, j) => j % 4 === code5).map(({ id: id2 }, j) => ({
        branchId,
        productId: id2,
        batchNo: `BR-2026-${String(j + 1).padStart(3, "0")}`,
        quantity: 20 + j * 5,
        expiryDate: "2027-06-30",
        createBy: userId,
        orgCode: "A01A02"
      }))
    );
  }
};

// src/db/seed/demo/product.ts
var round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
var USD_RATE = 7.1;
var idsBy = async (rows) => new Map((await rows).map((r) => [r.code, r.id]));
var seedProducts = async (db, { filesDir }) => {
  const [admin] = await db.select({ id: users.id }).from(users).where(eqUser("admin"));
  const [director] = await db.select({ id: users.id }).from(users).where(eqUser("finance_director"));
  if (!admin || !director) throw new Error("seed products: users missing");
  const supplierIds = await idsBy(db.select({ id: suppliers.id, code: suppliers.code }).from(suppliers));
  const boxIds = await idsBy(db.select({ id: boxSpecs.id, code: boxSpecs.code }).from(boxSpecs));
  const depotIds = await idsBy(db.select({ id: depots.id, code: depots.code }).from(depots));
  const branchIds = await idsBy(db.select({ id: branches.id, code: branches.code }).from(branches));
  const countryIds = await idsBy(db.select({ id: countries.id, code: countries.code }).from(countries));
  const categoryIds = /* @__PURE__ */ new Map();
  for (const [i, [code5, zh, en2, parent]] of CATEGORIES.entries()) {
    const [row] = await db.insert(categories).values({
      code: code5,
      name: zh,
      nameEn: en2,
      parentId: parent ? categoryIds.get(parent) : null,
      sortNo: i,
      createBy: admin.id,
      ...pinyinOf(zh)
    }).returning({ id: categories.id });
    categoryIds.set(code5, row.id);
  }
  const waiting = /* @__PURE__ */ new Set([...PENDING, REJECTED]);
  const productRows = await db.insert(products).values(
    PRODUCTS.map(
      ([code5, zh, en2, cat, spec, unit, dosageForm, supplier, source, type, label, netKg, shelfDays], i) => ({
        code: code5,
        name: zh,
        nameEn: en2,
        specType: cat === "C10" && code5 === "BK-003" ? "gift" : i % 9 === 4 ? "family" : "standard",
        categoryId: categoryIds.get(cat),
        source,
        productType: type,
        dosageForm,
        labelType: label,
        supplierId: supplierIds.get(supplier) ?? null,
        spec,
        specEn: spec.replace("\u7C92", " pcs").replace("\u7247", " tabs").replace("\u888B", " sachets").replace("\u679A", " pcs").replace("\u88C5", ""),
        colour: null,
        netWeightKg: netKg,
        grossWeightKg: round(netKg * 1.12 + 0.02, 3),
        volumeM3: round(Math.max(netKg, 0.05) * 12e-4, 6),
        unit,
        barcode: `69${String(2e10 + i * 7919).slice(0, 11)}`,
        shelfLifeDays: shelfDays,
        expiryWarningDays: Math.min(90, Math.round(shelfDays / 4)),
        originCountryId: countryIds.get(
          supplier === "S010" ? "RU" : supplier === "S015" ? "US" : supplier === "S009" ? "TH" : supplier === "S020" ? "KZ" : "CN"
        ),
        model: null,
        description: `${zh}\uFF0C${spec}\u3002`,
        u8Code: `U8-${code5}`,
        auditStatus: waiting.has(code5) ? ApprovalStatus.Pending : ApprovalStatus.Approved,
        status: "1",
        createBy: admin.id,
        orgCode: "A01A04",
        createAt: new Date(Date.now() - (PRODUCTS.length - i) * 36e5),
        ...pinyinOf(zh)
      })
    )
  ).returning({ id: products.id, code: products.code });
  const productIds = new Map(productRows.map((r) => [r.code, r.id]));
  const seeds = PRODUCTS.map((p) => ({ p, id: productIds.get(p[0]) }));
  await db.insert(productUnits).values(
    seeds.flatMap(({ p, id: id2 }) => {
      const [, , , cat, , unit] = p;
      const [box, perBox] = PACKING[cat.slice(0, 3)] ?? ["B02", 12];
      const boxSpecId = boxIds.get(box) ?? null;
      const lines = [
        { productId: id2, useCase: "stock", unit, conversionRate: 1, boxSpecId: null, perBox: null },
        { productId: id2, useCase: "sale", unit, conversionRate: 1, boxSpecId, perBox }
      ];
      if (perBox > 1)
        lines.push({ productId: id2, useCase: "purchase", unit: "carton", conversionRate: perBox, boxSpecId, perBox: 1 });
      else lines.push({ productId: id2, useCase: "purchase", unit, conversionRate: 1, boxSpecId, perBox: 1 });
      return lines.map((l) => ({ ...l, createBy: admin.id }));
    })
  );
  await db.insert(productPrices).values(
    seeds.flatMap(({ p, id: id2 }) => {
      const cost = p[13];
      const price = (priceType, value, currency2) => ({
        productId: id2,
        priceType,
        price: round(value),
        currency: currency2,
        validFrom: "2026-01-01",
        validTo: priceType === PriceType.Sale ? "2026-12-31" : null,
        createBy: admin.id
      });
      return [
        price(PriceType.Purchase, cost, "CNY"),
        price(PriceType.Retail, cost * 2.5, "CNY"),
        price(PriceType.Sale, cost * 1.6 / USD_RATE, "USD"),
        price(PriceType.Internal, cost * 1.08, "CNY")
      ];
    })
  );
  const images = [];
  for (const [i, { p, id: id2 }] of seeds.entries()) {
    for (let n = 0; n < (i % 3 === 0 ? 2 : 1); n++) {
      const bytes = productPng(CATEGORIES.findIndex((c) => c[0] === p[3]) * 0.7, n);
      const { key: key2, sha256 } = await storeImage(filesDir, `${p[0]}-${n}`, bytes);
      images.push({
        storageKey: key2,
        originalName: `${p[0]}-${n + 1}.png`,
        size: bytes.length,
        mime: "image/png",
        sha256,
        kind: "upload",
        tableDic: "product",
        objectId: id2,
        createBy: admin.id
      });
    }
  }
  const stored = await db.insert(attachments).values(images).returning({ id: attachments.id, objectId: attachments.objectId });
  for (const { id: id2 } of seeds) {
    await db.update(products).set({ images: stored.filter((s) => s.objectId === id2).map((s) => s.id) }).where(eqId(id2));
  }
  const engine = createApprovalEngine({ events: createEventBus() });
  for (const code5 of [...PENDING, REJECTED]) {
    const objectId = productIds.get(code5);
    await engine.start(db, {
      business: AuditBusiness.Product,
      objectId,
      objectNo: code5,
      submitter: { userId: admin.id, orgCode: "A01A04" }
    });
  }
  await engine.decide(db, {
    business: AuditBusiness.Product,
    objectId: productIds.get(REJECTED),
    decision: "reject",
    note: "\u6807\u7B7E\u8BED\u79CD\u4E0E\u76EE\u6807\u5E02\u573A\u4E0D\u7B26\uFF0C\u8BF7\u6539\u4E3A\u5370\u5C3C\u8BED/\u82F1\u8BED (label language does not match the market)",
    actor: { userId: director.id, username: "finance_director" }
  });
  await db.update(products).set({ auditStatus: ApprovalStatus.Rejected }).where(eqId(productIds.get(REJECTED)));
  const sellable = seeds.filter(({ p }) => !waiting.has(p[0]));
  const branchList = [...branchIds.values()];
  await db.insert(branchSaleRels).values(
    sellable.filter(({ p }) => p[9] === "finished").flatMap(
      ({ p, id: id2 }, j) => branchList.filter((_, i) => (i + j) % 3 === 0).map((branchId) => ({
        branchId,
        productId: id2,
        salePrice: round(p[13] * 1.6 / USD_RATE),
        currency: "USD",
        createBy: admin.id,
        orgCode: "A01A04"
      }))
    )
  );
  await seedStock(db, admin.id, sellable, depotIds, branchIds);
};
var eqUser = (username) => eq57(users.username, username);
var eqId = (id2) => eq57(products.id, id2);

// src/db/seed/index.ts
var DEMO_SEEDS = [
  { name: "organisation", run: seedOrganisation },
  { name: "master data", run: seedMasterData },
  { name: "approval flows", run: seedApproval },
  { name: "messages and notices", run: seedMessaging },
  { name: "feedback", run: seedFeedback },
  { name: "products and stock", run: seedProducts }
];
var isEmpty2 = async (db) => {
  const [row] = await db.select({ n: sql26`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
};
var seedDatabase = async (db, config2, log) => {
  await db.transaction(async (tx) => syncCatalogue(tx));
  if (!await isEmpty2(db)) return;
  if (config2.seed === "demo") {
    await db.transaction(async (tx) => {
      for (const step of DEMO_SEEDS) {
        const started2 = performance.now();
        await step.run(tx, { filesDir: config2.filesDir });
        log(`seeded ${step.name} in ${Math.round(performance.now() - started2)} ms`);
      }
    });
    return;
  }
  if (!config2.adminPassword) {
    throw new Error("SEED=none on an empty database needs ADMIN_PASSWORD for the first administrator");
  }
  const passwordHash = await hashPassword(sha256Hex(config2.adminPassword));
  await db.transaction(async (tx) => {
    const [root] = await tx.insert(departments).values({ orgCode: "A01", departName: "\u96C6\u56E2", departNameEn: "Group" }).onConflictDoNothing().returning({ id: departments.id });
    const [admin] = await tx.insert(users).values({ username: "admin", realname: "\u7BA1\u7406\u5458", passwordHash, orgCode: "A01" }).returning({ id: users.id });
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq58(roles.roleCode, RoleCode.SysAdmin));
    if (!admin || !role) throw new Error("could not create the administrator");
    await tx.insert(userRoles).values({ userId: admin.id, roleId: role.id });
    if (root) await tx.insert(userDepartments).values({ userId: admin.id, departId: root.id });
  });
  log('created the administrator account "admin"');
};

// src/db/open.ts
var openDatabase = async (config2, log) => {
  const database2 = config2.databaseUrl ? await openPostgres(config2.databaseUrl) : await openPglite({ dataDir: path6.join(config2.dataDir, "pglite") });
  log(config2.databaseUrl ? "database: PostgreSQL server" : `database: embedded PGlite in ${config2.dataDir}`);
  await runMigrations(database2);
  await seedDatabase(database2.db, config2, log);
  return database2;
};

// src/main.ts
loadDotEnv();
var config = loadConfig();
var started = performance.now();
var database = await openDatabase(config, (msg) => console.log(msg));
var app = await buildApp({ config, database });
var closing = false;
var shutdown = async (signal) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
await app.listen({ port: config.port, host: config.host });
app.log.info(`ready in ${Math.round(performance.now() - started)} ms at http://${config.host}:${config.port}`);
setInterval(() => { const m = process.memoryUsage(); console.error("MEM", Object.entries(m).map(([k,v]) => k + "=" + Math.round(v/1048576)).join(" ")) }, 3000).unref()
