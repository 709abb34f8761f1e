/**
 * Account texts fixed by the product spec (§2, §4, §5, §8). Shared by the forms, the menu and the tests;
 * change them only together with the spec.
 */
export const authTexts = {
  'account.required': '请输入手机号',
  'account.invalid': '请输入合法的手机号',
  'account.placeholder': '请输入手机号或邮箱',
  'password.required': '请输入密码',
  'code.required': '请输入验证码',
  'name.required': '请输入姓名',
  'confirm.required': '请输入确认密码',
  'invite.placeholder': '请输入邀请码',
  'sendCode.idle': '获取验证码',
  'sendCode.sent': (seconds: number) => `已发送 ${seconds} s`,
  'mode.code': '验证码登录',
  'mode.password': '密码登录',
  'logout.title': '确认退出',
  'logout.content': '您确定要退出当前账号吗？',
  'logout.ok': '退出',
  'logout.cancel': '取消',
  'logout.success': '退出成功',
  'logout.failed': '退出失败，请重试',
  'copy.success': '复制成功',
  'copy.failed': '复制失败',
  'copy.manual': '复制失败，请手动复制',
  'copy.none': '暂无邀请码',
} as const;
