/**
 * The error catalogue of SPEC 8: every code the server answers with, its HTTP status and its
 * text in both languages. The server picks the text by the request's `langCode`; the web shows it.
 */
export type Lang = 'zh' | 'en'
export const LANGS: readonly Lang[] = ['zh', 'en']
export const DEFAULT_LANG: Lang = 'zh'

type Entry = { code: number; status: number; zh: string; en: string }

const entry = (code: number, status: number, zh: string, en: string): Entry => ({ code, status, zh, en })

export const Errors = {
  // 2010xx: platform and identity
  PermissionDenied: entry(201001, 403, '权限不足', 'Insufficient permission'),
  UploadFailed: entry(201002, 400, '上传失败', 'Upload failed'),
  FileNotFound: entry(201003, 404, '文件不存在', 'File not found'),
  OperationFailed: entry(201004, 400, '操作失败', 'Operation failed'),
  SystemError: entry(201005, 500, '系统错误，请联系管理员', 'System error, please contact the administrator'),
  SessionError: entry(201006, 401, '会话已失效，请重新登录', 'Session expired, please log in again'),
  TooManyRequests: entry(201007, 429, '访问过于频繁，请稍后再试', 'Too many accesses, please try again later'),
  NoDataToExportOrImport: entry(201008, 400, '没有可导出或导入的数据', 'No data to export or import'),
  DownloadFailed: entry(201009, 400, '下载失败', 'Download failed'),
  SystemBusy: entry(201010, 503, '系统繁忙，请稍后再试', 'System busy, please try again later'),
  LoginAccountExists: entry(201011, 409, '登录账号已存在', 'The login account already exists'),
  WrongPassword: entry(201012, 400, '登录密码错误', 'Incorrect login password'),
  UserNotFound: entry(201013, 400, '登录用户不存在', 'The login user does not exist'),
  AccountDisabled: entry(201014, 403, '该账号已停用', 'The account has been deactivated'),
  AccountDeleted: entry(201015, 403, '该账号已删除', 'The account has been deleted'),
  NotFound: entry(201016, 404, '抱歉，资源未找到', 'Sorry, the resource was not found!'),
  ParameterError: entry(201017, 400, '参数错误', 'Parameter error'),
  DataChanged: entry(201018, 409, '数据已变更，请刷新后重试', 'Data error, please refresh and try again'),
  InUseCannotDelete: entry(201019, 409, '数据正在使用中，不能删除', 'In use, cannot delete'),
  OldPasswordWrong: entry(201020, 400, '旧密码输入错误', 'The old password is wrong'),
  OldEqualsNewPassword: entry(201021, 400, '新密码不能与旧密码相同', 'The new password must differ from the old one'),
  RoleExists: entry(201022, 409, '角色名称或编码已存在', 'The role name or code already exists'),
  SelectTwoRecords: entry(201023, 400, '请选择两条记录', 'Please select two records'),
  DepartmentNotSet: entry(201024, 400, '尚未设置部门信息', 'Department information has not been set'),
  AccountPendingApproval: entry(
    201025,
    403,
    '账号待管理员启用',
    'The account is waiting to be enabled by an administrator',
  ),
  CannotChangeSelf: entry(201026, 400, '不能停用或删除当前登录用户', 'You cannot disable or delete yourself'),
  FileTypeNotAllowed: entry(201027, 400, '上传文件只能是 xls/xlsx 格式!', 'Only xls/xlsx files can be uploaded!'),
  FileTooLarge: entry(201028, 400, '文件大小必须小于 2MB', 'The file must be smaller than 2MB'),
  DuplicateValue: entry(201029, 409, '该值已存在', 'This value already exists'),
  RuleCheckFailed: entry(201030, 400, '格式不正确', 'The format is not valid'),
  UnsupportedQuery: entry(201031, 400, '不支持的查询字段或条件', 'Unsupported query field or condition'),
  LegacyXlsNotSupported: entry(
    201032,
    400,
    '暂不支持旧版 Excel 97-2003 (.xls) 文件，请另存为 .xlsx 后再导入',
    'Old Excel 97-2003 (.xls) files cannot be read; please save the file as .xlsx and import it again',
  ),
  BuiltInProtected: entry(201033, 409, '系统内置数据不能删除或修改', 'Built-in data cannot be deleted or changed'),
  AdminRoleProtected: entry(
    201034,
    409,
    '系统管理员角色必须保留系统管理权限',
    'The system administrator role must keep system management',
  ),
  DictClosed: entry(
    201035,
    409,
    '该字典的取值由系统使用，不能新增',
    "This dictionary's values are the system's own: none can be added",
  ),
  DictValueUnknown: entry(
    201036,
    400,
    '所选值不在字典中或已停用',
    'The chosen value is not in its dictionary or is disabled',
  ),

  // 20105x: single sign-on through the group's identity provider (issue 39)
  SsoNotConfigured: entry(201050, 404, '未配置单点登录', 'Single sign-on is not configured'),
  SsoUnavailable: entry(
    201051,
    503,
    '身份提供方暂时无法访问，请稍后再试',
    'The identity provider cannot be reached, please try again later',
  ),
  SsoRequestInvalid: entry(
    201052,
    400,
    '单点登录请求无效或已过期，请重新登录',
    'The sign-in request is not valid or has expired, please sign in again',
  ),
  SsoAnswerInvalid: entry(
    201053,
    400,
    '身份提供方的登录结果未通过校验，请重新登录',
    "The identity provider's answer did not pass the checks, please sign in again",
  ),
  SsoCancelled: entry(201054, 400, '已在身份提供方取消登录', 'Sign-in was cancelled at the identity provider'),
  SsoNoIdentity: entry(
    201055,
    400,
    '身份提供方未提供可识别的账号',
    'The identity provider did not say which account this is',
  ),
  PasswordLoginOff: entry(201056, 403, '请使用单点登录', 'Please sign in with single sign-on'),

  // 2020xx: business rules
  DuplicateProductCode: entry(202001, 409, '产品编码重复', 'Duplicate product code'),
  DuplicateProduct: entry(202002, 409, '产品重复', 'Duplicate product'),
  OrderUnchanged: entry(202003, 400, '订单内容未发生变化', 'The order content has not changed'),
  ProductMissing: entry(202004, 400, '产品不存在', 'The product does not exist'),
  AuditRecordNotFound: entry(202005, 404, '审核记录或审核人不存在', 'The review record or reviewer was not found'),
  AlreadyApproved: entry(202006, 409, '已审核通过，请勿重复操作', 'Already approved'),
  AlreadyRejected: entry(202007, 409, '已驳回，请勿重复操作', 'Already rejected'),
  ReviewFailed: entry(202008, 409, '审核失败，请刷新后重试', 'Review failed, please refresh'),
  ReviewerMismatch: entry(202009, 403, '审核人不匹配', 'The reviewer does not match'),
  SelectProduct: entry(202010, 400, '请选择产品', 'Please select a product'),
  UploadBranchStock: entry(202011, 400, '请上传分公司库存', 'Please upload the branch stock'),
  OrderUnderReview: entry(202012, 409, '订单审核中，不能编辑', 'The order is under review and cannot be edited'),
  ModificationCountExceeded: entry(202013, 409, '超过允许的修改次数', 'Exceeds the allowed number of modifications'),
  ModificationTimePassed: entry(202014, 409, '已超过最后修改时间', 'Past the last modification time'),
  OrderNumberEmpty: entry(202015, 400, '订单号不能为空', 'The order number is empty'),
  InsufficientStock: entry(202016, 409, '库存不足', 'Insufficient stock'),
  OrderNotFound: entry(202017, 404, '订单不存在', 'The order was not found'),
  PreparationOverLimit: entry(202018, 409, '备货数量超出限制', 'The preparation quantity exceeds the limit'),
  NotPendingPreparation: entry(202019, 409, '订单不是待备货状态', 'The order is not pending preparation'),
  SelectReviewStatus: entry(202020, 400, '请选择审核状态', 'Please select a review status'),
  SubProcessUnfinished: entry(202021, 409, '子流程未完成', 'A sub-process is unfinished'),
  DuplicatePendingApplication: entry(
    202022,
    409,
    '存在未审核的相同申请',
    'A duplicate application is waiting for review',
  ),
  OnlyPendingDeliveryAdjustable: entry(
    202023,
    409,
    '只有待发货的订单可以调整',
    'Only orders pending delivery can be adjusted',
  ),
  AppendRule: entry(
    202024,
    400,
    '追加产品不能与订单已有产品重复',
    'Appended products must not already be in the order',
  ),
  AddRule: entry(202025, 400, '增加数量必须大于 0', 'The added quantity must be greater than 0'),
  ReduceRule: entry(
    202026,
    400,
    '减少数量必须大于 0 且不超过购买数量',
    'The reduced quantity must be above 0 and not above the bought quantity',
  ),
  SyncOrderFailed: entry(202027, 502, '同步订单失败', 'Syncing the order failed'),
  DeliveryTimeReached: entry(202028, 409, '已到发货时间', 'The delivery time has been reached'),
  OnlyCurrentReviewer: entry(202029, 403, '只有当前审核人可以操作', 'Only the current reviewer may act'),
  ProductSoldByBranch: entry(202030, 409, '分公司已销售的产品不能编辑', 'A product sold by a branch cannot be edited'),
  LogisticsOnlyOnDeliveryDay: entry(
    202031,
    409,
    '物流只能在发货当天修改订单',
    'Logistics can change an order only on the delivery day',
  ),
  ShippedCannotAdjust: entry(202032, 409, '已发货的订单不能调整', 'Shipped orders cannot be adjusted'),
  UnfinishedCannotAdjust: entry(202033, 409, '未完成的订单不能调整', 'Unfinished orders cannot be adjusted'),
  OnlyUnreviewedDeletable: entry(202034, 409, '只能删除未审核的订单', 'Only unreviewed orders can be deleted'),
  ReviewNoteRequired: entry(202035, 400, '请填写审核意见', 'The review note is required'),
  SelfApprovalForbidden: entry(202036, 403, '不能审核自己提交的单据', 'You cannot review what you submitted'),
  RepeatAuditForbidden: entry(202037, 403, '不允许同一人连续审核', 'The same person may not approve consecutive steps'),
  DeliveryDateInPast: entry(
    202038,
    400,
    '期望交货日期不能早于今天',
    'The expected delivery date cannot be in the past',
  ),
  CannotAdjustProducts: entry(
    202040,
    403,
    '当前审核环节不能调整订单产品',
    "This review step may not change the order's products",
  ),
  ConfirmReviewRequired: entry(
    202039,
    409,
    '订单已审核通过，修改后将重新审核，请确认',
    'The order is approved: a change sends it back to review, please confirm',
  ),
  NotApprovedCannotSync: entry(
    202041,
    409,
    '订单尚未审核通过，不能同步到 ERP',
    'The order is not approved yet and cannot be sent to the ERP',
  ),
  ReviewTimeExpired: entry(
    202078,
    409,
    '审核时间已过期，请联系管理员',
    'Review time has expired, please contact the administrator',
  ),

  // 4001xx: client-side prompts (SPEC 8), also used when the server refuses the same thing
  ListUrlMissing: entry(400141, 400, '请设置列表地址', 'Please set the list URL'),
  DeleteUrlMissing: entry(400142, 400, '请设置删除地址', 'Please set the delete URL'),
  BatchDeleteUrlMissing: entry(400143, 400, '请设置批量删除地址', 'Please set the batch delete URL'),
  BatchStatusUrlMissing: entry(400144, 400, '请设置批量状态地址', 'Please set the batch status URL'),
  SelectRecord: entry(400145, 400, '请选择一条记录', 'Please select a record'),
  PasswordsDiffer: entry(400146, 400, '两次输入的密码不一致', 'The two passwords are different'),
} as const satisfies Record<string, Entry>

export type ErrorName = keyof typeof Errors
export type ErrorEntry = (typeof Errors)[ErrorName]

const byCode = new Map<number, Entry>(Object.values(Errors).map((e) => [e.code, e]))

export const errorByCode = (code: number): Entry | undefined => byCode.get(code)

export const errorText = (code: number, lang: Lang): string | undefined => byCode.get(code)?.[lang]

export const parseLang = (value: unknown): Lang => (value === 'en' || value === 'en-US' ? 'en' : 'zh')
