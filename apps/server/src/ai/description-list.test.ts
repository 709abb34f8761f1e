import { AI_LIMITS } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { listedItems } from './description-list';
import { writeInformation } from './offline-writer';

const FIVE = ['会议室管理', '预约申请', '审批管理', '签到管理', '统计报表'];
const write = (description: string) => writeInformation({ name: '会议室预约管理系统', version: 'V1.0', platform: 'Web', description });

describe('the modules a description lists', () => {
  it.each([
    ['numbered 1. 2. inline', '会议室预约管理系统，主要功能：1. 会议室管理 2. 预约申请 3. 审批管理 4. 签到管理 5. 统计报表'],
    ['numbered 1、 with semicolons', '1、会议室管理；2、预约申请；3、审批管理；4、签到管理；5、统计报表'],
    ['numbered （1）', '（1）会议室管理；（2）预约申请；（3）审批管理；（4）签到管理；（5）统计报表。版本 V1.0 已上线'],
    ['circled numbers', '①会议室管理②预约申请③审批管理④签到管理⑤统计报表'],
    ['one per line', '功能模块：\n会议室管理\n预约申请\n审批管理\n签到管理\n统计报表'],
    ['bulleted lines with explanations', '系统功能如下：\n- 会议室管理：维护会议室名称、位置和容量\n- 预约申请\n- 审批管理\n- 签到管理\n- 统计报表\n欢迎使用。'],
    ['separated by 、', '本软件包括会议室管理、预约申请、审批管理、签到管理、统计报表等功能。'],
    ['separated by ，', '提供会议室管理，预约申请，审批管理，签到管理，统计报表'],
    ['separated by ；', '主要功能：会议室管理；预约申请；审批管理；签到管理；统计报表。'],
  ])('takes all five from %s', (_, description) => {
    expect(listedItems(description).items.map((i) => i.name)).toEqual(FIVE);
    const info = write(description);
    expect(info.modules.map((m) => m.name)).toEqual(FIVE);
    for (const n of FIVE) expect(info.mainFunctions).toContain(n);
  });

  it('keeps an explanation as the module operations, and does not read a list of users as functions', () => {
    const info = write('系统功能如下：\n- 会议室管理：维护会议室名称、位置和容量\n- 预约申请\n- 审批管理');
    expect(info.modules[0]).toMatchObject({ name: '会议室管理' });
    expect(info.modules[0]!.operations.join('、')).toContain('位置');
    expect(listedItems('面向企业、学校、医院等单位，提供会议室登记、预约、审批和签到。').items.map((i) => i.name)).toEqual(['会议室登记', '预约', '审批', '签到']);
    expect(listedItems('面向企业、学校、医院等单位使用。').items).toEqual([]);
    expect(listedItems('版本 V1.0 与 V2.0 的区别在于性能。').items).toEqual([]);
  });

  it('does not pad: five bare module names give less than the form needs, as they are', () => {
    const info = write('1. 会议室管理 2. 预约申请 3. 审批管理 4. 签到管理 5. 统计报表');
    expect([...info.mainFunctions].length).toBeLessThan(AI_LIMITS.mainFunctionsMin);
    expect(info.modules.every((m) => m.operations.length === 0)).toBe(true);
  });
});
