import type { ApplicationForm } from '../form/form';
import type { VerifyItem } from '../verify/verify';
import { CONTRACT_TYPE_INFO, type ContractRef } from './model';

const ORGANISATION_TYPES = ['统一社会信用代码', '其他'];
const PERSON_TYPES = ['居民身份证', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '其他'];

/**
 * Completeness of each owner beyond the identity-number check of checkApplicationForm: 名称, 类别, 国籍,
 * 省份/城市 (for a Chinese owner), 证件类型 agreeing with 类别, 证件号码 present. Chinese messages, one per problem.
 */
export function ownerCompletenessIssues(form: Pick<ApplicationForm, 'owners'>): string[] {
  const out: string[] = [];
  for (const [i, o] of form.owners.entries()) {
    const who = o.name.trim() ? `著作权人“${o.name}”` : `第 ${i + 1} 个著作权人`;
    const missing: string[] = [];
    if (!o.nationality.trim()) missing.push('国籍');
    if (o.nationality.trim() === '中国' && !o.province?.trim()) missing.push('省份');
    if (o.nationality.trim() === '中国' && !o.city?.trim()) missing.push('城市');
    if (!o.idType.trim()) missing.push('证件类型');
    if (missing.length) out.push(`${who}缺少${missing.join('、')}`);
    const person = o.category === '自然人';
    if (o.idType && !(person ? PERSON_TYPES : ORGANISATION_TYPES).includes(o.idType)) out.push(`${who}为${o.category}，证件类型不应为${o.idType}`);
    else if (!person && o.nationality.trim() === '中国' && o.idType !== '统一社会信用代码') out.push(`${who}为中国的${o.category}，证件类型应为统一社会信用代码`);
  }
  return out;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The 开发方式 / 权利取得方式 rules of a filing (shared/spec/cpcc-materials.md, "Development mode, ownership and the
 * proof to file"; 《计算机软件保护条例》第十条、第十一条、第二十条) as report items:
 *   - 著作权人: passes when every owner is complete (the identity-number errors themselves come from
 *     checkApplicationForm and are not repeated: `formOwnerErrors` says whether there were any);
 *   - 单独开发: exactly one owner; 合作开发: two or more, and a 合作开发协议 naming exactly the owners in the same
 *     order is advised (a 情况说明 may replace it);
 *   - 委托开发 / 下达任务开发: a 委托开发合同 whose 委托方 are the owners is required;
 *   - 继受取得（受让）: a 软件著作权转让合同 whose 受让方 are the owners is required; 承受 / 继承 need proof this
 *     service does not write (named in a warning);
 *   - a 合作开发 / 委托开发 contract signed before 开发完成日期; a transfer signed on or after it.
 * `ok: false` is an error; `ok: true, warning: true` is advice (never counted as passed).
 */
export function checkOwnership(form: ApplicationForm, contracts: ContractRef[], formOwnerErrors = 0): VerifyItem[] {
  const items: VerifyItem[] = [];
  const owners = form.owners.map((o) => o.name.trim());
  const n = owners.length;
  const completeness = ownerCompletenessIssues(form);
  if (n > 0) {
    if (completeness.length) items.push({ ok: false, title: '著作权人信息', detail: completeness.join('；') });
    else if (formOwnerErrors === 0)
      items.push({ ok: true, title: '著作权人信息', detail: `${n} 个著作权人（${owners.join('、')}）：类别、国籍、省份/城市、证件类型和证件号码齐全，证件号码校验通过` });
  }

  const latest = (type: ContractRef['type']) => contracts.filter((c) => c.type === type).sort((a, b) => b.signDate.localeCompare(a.signDate))[0];
  const done = /^\d{4}-\d{2}-\d{2}$/.test(form.completionDate) ? form.completionDate : '';
  const dateItem = (c: ContractRef): VerifyItem | undefined => {
    const info = CONTRACT_TYPE_INFO[c.type];
    if (!done) return undefined;
    if (info.signBeforeCompletion && !(c.signDate < done))
      return { ok: false, title: `${c.title}的签订日期`, detail: `${c.title}签订于 ${c.signDate}，应早于开发完成日期 ${done}：请核对日期，或重新生成合同` };
    if (info.signAfterCompletion && c.signDate < done) return { ok: false, title: `${c.title}的签订日期`, detail: `${c.title}签订于 ${c.signDate}，早于开发完成日期 ${done}：转让的软件应已开发完成` };
    return undefined;
  };
  const namesOf = (c: ContractRef, kind: string) => c.parties.filter((p) => p.kind === kind).map((p) => p.name.trim());
  const mode = form.developmentMode;
  const title = '开发方式与著作权人';

  if (mode === '单独开发') {
    if (n > 1) items.push({ ok: false, title, detail: `开发方式为“单独开发”，但申请表有 ${n} 个著作权人：两个或以上著作权人共同开发应选择“合作开发”，并提交合作开发协议` });
    else if (n === 1) items.push({ ok: true, title, detail: `单独开发，著作权人 1 个（${owners[0]}）` });
  } else if (mode === '合作开发') {
    const c = latest('cooperation');
    if (n < 2) items.push({ ok: false, title, detail: `开发方式为“合作开发”，须有两个或以上著作权人（现 ${n} 个）：请在项目中选择全部合作开发者` });
    if (!c) items.push({ ok: true, warning: true, title: '合作开发协议', detail: '合作开发建议提交合作开发协议（或情况说明），约定著作权归属；可在“合同下载”中按本项目生成' });
    else {
      const parties = namesOf(c, 'developer');
      if (!same(parties, owners)) items.push({ ok: false, title: '合作开发协议', detail: `合作开发协议的当事人（${parties.join('、')}）与申请表的著作权人及顺序（${owners.join('、') || '无'}）不一致` });
      else if (n >= 2) items.push({ ok: true, title: '合作开发协议', detail: `合作开发协议（${c.signDate} 签订）已附在材料中，当事人与著作权人及顺序一致` });
      const d = dateItem(c);
      if (d) items.push(d);
    }
  } else {
    const c = latest('commission');
    const what = mode === '委托开发' ? '委托开发合同' : '任务书或合同（委托开发合同可用）';
    if (!c) {
      items.push({
        ok: false,
        title,
        detail:
          mode === '委托开发'
            ? '委托开发须提交委托开发合同，并在合同中约定著作权归委托方（《计算机软件保护条例》第十一条：没有书面约定的，著作权归受托人）：请在“合同下载”中按本项目生成'
            : `下达任务开发须提交${what}：请在“合同下载”中按本项目生成委托开发合同，或自备任务书`,
      });
    } else {
      const clients = namesOf(c, 'client');
      if (!same([...clients].sort(), [...owners].sort()))
        items.push({ ok: false, title, detail: `委托开发合同的委托方（${clients.join('、')}）应与申请表的著作权人（${owners.join('、') || '无'}）一致：合同约定著作权归委托方` });
      else items.push({ ok: true, title, detail: `${mode}，委托开发合同（${c.signDate} 签订）约定著作权归委托方（${clients.join('、')}），已附在材料中` });
      const d = dateItem(c);
      if (d) items.push(d);
    }
  }

  if (form.rightsAcquisition === '继受取得') {
    const t = '权利取得方式';
    if (form.acquisitionWay === '受让') {
      const c = latest('transfer');
      if (!c) items.push({ ok: false, title: t, detail: '继受取得（受让）须提交软件著作权转让合同（《计算机软件保护条例》第二十条）：请在“合同下载”中按本项目生成' });
      else {
        const assignees = namesOf(c, 'assignee');
        if (!same([...assignees].sort(), [...owners].sort())) items.push({ ok: false, title: t, detail: `转让合同的受让方（${assignees.join('、')}）应与申请表的著作权人（${owners.join('、') || '无'}）一致` });
        else items.push({ ok: true, title: t, detail: `继受取得（受让），软件著作权转让合同（${c.signDate} 签订）已附在材料中` });
        const d = dateItem(c);
        if (d) items.push(d);
      }
    } else if (form.acquisitionWay) {
      items.push({
        ok: true,
        warning: true,
        title: t,
        detail: form.acquisitionWay === '继承' ? '继受取得（继承）须提交继承证明（如公证书或法院判决书），本服务不生成此类文件' : '继受取得（承受）须提交承受证明（如工商变更登记或法院判决书），本服务不生成此类文件',
      });
    }
  }
  return items.map((i) => ({ ...i, code: codeOf(i.title) }));
}

/** Stable report codes of the ownership items. */
function codeOf(title: string): string {
  if (title === '著作权人信息') return 'OWNERS_COMPLETE';
  if (title === '开发方式与著作权人') return 'DEVELOPMENT_MODE';
  if (title === '合作开发协议') return 'CONTRACT_COOPERATION';
  if (title === '权利取得方式') return 'RIGHTS_ACQUISITION';
  return 'CONTRACT_SIGN_DATE';
}
