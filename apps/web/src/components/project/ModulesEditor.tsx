import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, RobotOutlined, UndoOutlined } from '@ant-design/icons';
import { AI_LIMITS, PROJECT_LIMITS } from '@mazhu/contracts';
import { getFunctionAiPolish } from '@/api/projects';
import { notify } from '@/utils/notify';
import type { ModuleValues, ProjectFormValues } from './form-values';
import { ModuleOriginLabel } from './OriginBadge';
import { useAiGate } from './useAiGate';
import './project.css';

/** The message when the 注意事项 lines break the limits (PROJECT_LIMITS), as a rejected validator promise. */
function notesProblem(v: string[] | undefined): Promise<void> {
  const lines = (v ?? []).map((o) => o.trim()).filter(Boolean);
  if (lines.length > PROJECT_LIMITS.moduleNotesMax) return Promise.reject(new Error(`注意事项最多 ${PROJECT_LIMITS.moduleNotesMax} 条`));
  if (lines.some((o) => o.length > PROJECT_LIMITS.moduleNoteMax)) return Promise.reject(new Error(`每条注意事项不能超过 ${PROJECT_LIMITS.moduleNoteMax} 字`));
  return Promise.resolve();
}

/**
 * 功能模块: one card per module (name, description, one operation per line, 注意事项), each with AI polish.
 * The modules are the chapters of the operation manual and must match what the code really does.
 */
export default function ModulesEditor({ disabled = false, onAiWritten }: { disabled?: boolean; /** Called after an AI polish filled a module (to save it as a draft). */ onAiWritten?: () => void }) {
  const form = Form.useFormInstance<ProjectFormValues>();
  const [polishing, setPolishing] = useState<Record<number, boolean>>({});
  const [undo, setUndo] = useState<Record<number, ModuleValues>>({});
  const gate = useAiGate();

  const polish = async (index: number) => {
    const m = form.getFieldValue(['modules', index]) as ModuleValues | undefined;
    const projectName = (form.getFieldValue('name') as string | undefined)?.trim() || '本软件';
    if (!m?.name?.trim()) {
      notify.warning('请先填写模块名称');
      return;
    }
    if (!(await gate.ensure())) return;
    setPolishing((s) => ({ ...s, [index]: true }));
    try {
      const res = await getFunctionAiPolish(
        { projectName, moduleName: m.name.trim(), description: (m.description ?? '').trim(), operations: (m.operations ?? []).map((o) => o.trim()).filter(Boolean), engine: 'ai' },
        String(index),
      );
      if (res?.code === 200 && res.data) {
        setUndo((u) => ({ ...u, [index]: { ...m } }));
        form.setFieldValue(['modules', index, 'description'], res.data.description);
        form.setFieldValue(['modules', index, 'operations'], res.data.operations);
        notify.success(res.data.provider === 'openai' ? `“${m.name.trim()}”已由 AI 润色（保存后标为“AI 撰写”），可继续修改` : `未配置 AI 模型，“${m.name.trim()}”已按规则整理（规则草稿），可继续修改`);
        onAiWritten?.();
      }
    } catch (err) {
      console.error(err);
      notify.error('AI 润色失败，请稍后重试');
    } finally {
      setPolishing((s) => ({ ...s, [index]: false }));
    }
  };

  return (
    <Form.List name="modules">
      {(fields, { add, remove, move }) => (
        <div className="modules-editor">
          {fields.length === 0 && <Empty description="还没有功能模块，请添加，或回到上一步让 AI 生成" />}
          <Form.Item noStyle shouldUpdate>
            {() => {
              const n = ((form.getFieldValue('modules') as ModuleValues[] | undefined) ?? []).filter((m) => m?.nameConfirm).length;
              return n ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="names-to-confirm"
                  style={{ marginBottom: 12 }}
                  title={`${n} 个模块的名称在代码中没有中文叫法（菜单、页面标题、接口文档或注释），是按代码含义推断的：请逐个改成软件界面上的叫法，或点“确认名称”`}
                />
              ) : null;
            }}
          </Form.Item>
          {fields.map((field, index) => (
            <div className="module-card" key={field.key} data-testid="module-card">
              <div className="module-card-head">
                <span className="module-no">{String(index + 1).padStart(2, '0')}</span>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[
                    { required: true, whitespace: true, message: '请输入功能模块名称' },
                    { max: PROJECT_LIMITS.moduleNameMax, message: `功能模块名称不能超过 ${PROJECT_LIMITS.moduleNameMax} 个字符` },
                  ]}
                  style={{ flex: 1, marginBottom: 0 }}
                >
                  <Input
                    placeholder="模块名称，例如：入库管理"
                    count={{ max: PROJECT_LIMITS.moduleNameMax }}
                    disabled={disabled}
                    className="module-name-input"
                    onChange={() => form.setFieldValue(['modules', field.name, 'nameConfirm'], undefined)}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const why = form.getFieldValue(['modules', field.name, 'nameConfirm']) as string | undefined;
                    if (!why) return null;
                    return (
                      <Space size={2} data-testid="name-confirm">
                        <Tooltip title={`${why}。名称会写入申请表和操作手册，请改成软件界面上的叫法，或确认无误`}>
                          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                            名称待确认
                          </Tag>
                        </Tooltip>
                        <Button type="link" size="small" disabled={disabled} onClick={() => form.setFieldValue(['modules', field.name, 'nameConfirm'], undefined)}>
                          确认名称
                        </Button>
                      </Space>
                    );
                  }}
                </Form.Item>
                <Space size={4}>
                  {undo[index] && !polishing[index] && (
                    <Button
                      type="link"
                      size="small"
                      icon={<UndoOutlined />}
                      onClick={() => {
                        form.setFieldValue(['modules', index], undo[index]);
                        setUndo((u) => {
                          const next = { ...u };
                          delete next[index];
                          return next;
                        });
                      }}
                    >
                      撤销
                    </Button>
                  )}
                  <ModuleOriginLabel text="" index={index} part="name" />
                  {!gate.noAi && (
                    <Button size="small" icon={<RobotOutlined />} loading={polishing[index]} disabled={disabled} onClick={() => void polish(index)}>
                      {polishing[index] ? '润色中…' : 'AI 润色'}
                    </Button>
                  )}
                  <Tooltip title="上移">
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={disabled || index === 0} onClick={() => (setUndo({}), move(index, index - 1))} aria-label="上移" />
                  </Tooltip>
                  <Tooltip title="下移">
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={disabled || index === fields.length - 1} onClick={() => (setUndo({}), move(index, index + 1))} aria-label="下移" />
                  </Tooltip>
                  <Popconfirm title="删除这个功能模块？" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => (setUndo({}), remove(field.name))}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={disabled} aria-label="删除模块" />
                  </Popconfirm>
                </Space>
              </div>
              <div className="module-card-body">
                <Form.Item
                  name={[field.name, 'description']}
                  label={<ModuleOriginLabel text="模块说明" index={index} part="description" />}
                  rules={[{ max: PROJECT_LIMITS.moduleDescriptionMax, message: `功能模块说明不能超过 ${PROJECT_LIMITS.moduleDescriptionMax} 个字符` }]}
                >
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: PROJECT_LIMITS.moduleDescriptionMax }} placeholder="这个模块给谁用、能做什么" disabled={disabled} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'operations']}
                  label={<ModuleOriginLabel text="操作步骤" index={index} part="operations" />}
                  tooltip={`操作手册中该章节的操作列表，每行一条，最多 ${AI_LIMITS.operationsMax} 条、每条不超过 ${AI_LIMITS.operationMax} 字`}
                  getValueProps={(v: string[] | undefined) => ({ value: (v ?? []).join('\n') })}
                  normalize={(v: string) => v.split('\n').slice(0, AI_LIMITS.operationsMax)}
                  rules={[
                    {
                      validator: (_, v: string[] | undefined) =>
                        (v ?? []).some((o) => o.trim().length > AI_LIMITS.operationMax)
                          ? Promise.reject(new Error(`每条操作步骤不能超过 ${AI_LIMITS.operationMax} 字`))
                          : Promise.resolve(),
                    },
                  ]}
                >
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={'每行一条，例如：\n点击“新增入库单”\n扫描商品条码并填写数量'} disabled={disabled} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'notes']}
                  label={<ModuleOriginLabel text="注意事项" index={index} part="notes" />}
                  tooltip={`操作手册中该模块的注意事项，每行一条，最多 ${PROJECT_LIMITS.moduleNotesMax} 条、每条不超过 ${PROJECT_LIMITS.moduleNoteMax} 字。代码里的输入校验提示和操作确认提示会自动写入手册，不必重复`}
                  getValueProps={(v: string[] | undefined) => ({ value: (v ?? []).join('\n') })}
                  normalize={(v: string) => v.split('\n')}
                  rules={[{ validator: (_, v: string[] | undefined) => notesProblem(v) }]}
                  style={{ marginBottom: 0 }}
                >
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} placeholder={'每行一条，例如：\n入库数量不能超过采购单上的数量\n已审核的入库单不能再修改'} disabled={disabled} />
                </Form.Item>
              </div>
            </div>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={disabled || fields.length >= PROJECT_LIMITS.modulesMax}
            onClick={() => add({ name: '', description: '', operations: [], notes: [] })}
            style={{ height: 44 }}
          >
            添加功能模块（{fields.length}/{PROJECT_LIMITS.modulesMax}）
          </Button>
        </div>
      )}
    </Form.List>
  );
}
