import * as z from 'zod';
import { SERVICE_PROVIDER_SETTING_KEY, ZServiceProvider, type ServiceProvider } from './contracts-doc';
import { CORRECTION_SETTING_KEY, DEFAULT_CORRECTION_COST, ZCorrectionCostSetting } from './corrections';
import { INTEGRAL_SETTING_KEYS, SUPPORT_APPROVAL_LIMIT_KEY } from './points';

/**
 * Operator-editable settings (table `settings`, JSON values), one entry per key. The back office's settings page
 * is generated from this list: each value is validated with `schema` on the server, the editor renders the
 * schema's JSON form (field titles from `.meta({ title })`), and every change is kept in the audit trail with the
 * previous value. Adding a setting is adding one entry here; the feature reads it with the server's
 * `readSetting(db, key)` (stored value, or `default` when none is stored).
 */
export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  key: string;
  /** Section of the settings page. */
  group: string;
  label: string;
  description: string;
  unit?: string;
  schema: S;
  default: z.output<S>;
}

const define = <S extends z.ZodType>(d: SettingDefinition<S>): SettingDefinition<S> => d;

const points = (title: string) => z.number({ error: `${title}必须是整数` }).int(`${title}必须是整数`).min(0, `${title}不能小于 0`).max(1_000_000, `${title}过大`).meta({ title });

export const SETTING_DEFINITIONS = [
  define({
    key: INTEGRAL_SETTING_KEYS.generateProject,
    group: '积分消耗',
    label: '智能生成（单个项目）',
    description: '每次生成一个项目的软著材料消耗的积分（有免费次数时先用免费次数）。',
    unit: '积分',
    schema: points('积分'),
    default: 100,
  }),
  define({
    key: INTEGRAL_SETTING_KEYS.codeProject,
    group: '积分消耗',
    label: '代码生成（按源程序量）',
    description: '源程序量在“每档行数”以内收“基础积分”，此后每增加一档（不足按满计）加“每档加收”。',
    schema: z.object({
      base: points('基础积分'),
      stepLines: z.number().int().min(1000, '每档行数至少 1000').max(1_000_000, '每档行数过大').meta({ title: '每档行数' }),
      perStep: points('每档加收积分'),
    }),
    default: { base: 100, stepLines: 20000, perStep: 50 },
  }),
  define({
    key: SUPPORT_APPROVAL_LIMIT_KEY,
    group: '充值审核',
    label: '客服每日审核额度',
    description: '客服一天内（北京时间）审核通过的充值订单合计金额上限；超出的订单和凭证重复的订单须由管理员审核。可在“运营账号”中为某个客服单独设置。',
    unit: '元',
    schema: z.number({ error: '额度必须是整数' }).int('额度必须是整数').min(0, '额度不能小于 0').max(10_000_000, '额度过大').meta({ title: '每日额度（元）' }),
    default: 2000,
  }),
  define({
    key: INTEGRAL_SETTING_KEYS.describedProject,
    group: '积分消耗',
    label: '仅描述生成（未上传源代码）',
    description: '没有上传源代码的项目（含批量订单中未附代码的行）每次生成消耗的积分：只生成申请表、操作手册和检查报告，不含源程序文档。',
    unit: '积分',
    schema: points('积分'),
    default: 100,
  }),
  define({
    key: CORRECTION_SETTING_KEY,
    group: '积分消耗',
    label: '补正（按项目计次）',
    description: '每个项目的前几次补正免费（每轮修改后重新生成都算一次），此后每次按“此后每次补正积分”收取；留空时与生成一次该项目的材料相同。生成失败自动退回。',
    schema: ZCorrectionCostSetting,
    default: DEFAULT_CORRECTION_COST,
  }),
  define({
    key: 'account.freeTimesOnRegister',
    group: '账号',
    label: '注册赠送免费次数',
    description: '新用户注册时获得的免费生成次数（未设置时使用环境变量 FREE_TIMES_ON_REGISTER）。',
    unit: '次',
    schema: z.number().int('必须是整数').min(0, '不能小于 0').max(100, '不能超过 100').meta({ title: '免费次数' }),
    default: 1,
  }),
  define({
    key: 'upload.maxCodeArchiveMb',
    group: '上传',
    label: '代码包大小上限',
    description: '用户上传代码压缩包的大小上限；不能超过部署时的硬上限 MAX_UPLOAD_MB。',
    unit: 'MB',
    schema: z.number().int('必须是整数').min(1, '至少 1 MB').max(1024, '不能超过 1024 MB').meta({ title: '大小上限（MB）' }),
    default: 50,
  }),
  define({
    key: SERVICE_PROVIDER_SETTING_KEY,
    group: '服务协议',
    label: '服务方（码著服务协议的乙方）',
    description: '运营主体的公司名称、统一社会信用代码和地址，印在每份码著服务协议的乙方；填写前用户不能生成码著服务协议。',
    schema: ZServiceProvider,
    default: { name: '', creditCode: '', address: '' } satisfies ServiceProvider,
  }),
  define({
    key: 'ai.provider',
    group: 'AI 写作',
    label: 'AI 模型与开关',
    description: '关闭后使用内置离线撰写；模型留空则用环境变量 AI_MODEL。接口地址和密钥只在环境变量中配置（AI_BASE_URL、AI_API_KEY）。',
    schema: z.object({
      enabled: z.boolean().meta({ title: '启用在线 AI' }),
      model: z.string().trim().max(100, '模型名称不能超过 100 个字').regex(/^[\w.:/-]*$/, '模型名称只能包含字母、数字和 . : / - _').meta({ title: '模型名称' }),
    }),
    default: { enabled: true, model: '' },
  }),
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTING_DEFINITIONS)[number]['key'];

/** The definition of `key`, or undefined for an unknown key. */
export const settingDefinition = (key: string): SettingDefinition | undefined => SETTING_DEFINITIONS.find((d) => d.key === key);
