import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Input, Segmented, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PROJECT_STATUS_LABELS, type ProjectListItem, type ProjectListQuery, type ProjectStatus } from '@mazhu/contracts';
import { delCodeProject, delProject, projectKeys, useProjectList } from '@/api/projects';
import { notify } from '@/utils/notify';
import ProjectTable from '@/components/project/ProjectTable';

type ListType = NonNullable<ProjectListQuery['type']>;
const TYPES: { value: ListType; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'form', label: '智能生成' },
  { value: 'code', label: '代码生成' },
];
const STATUS_OPTIONS = (Object.keys(PROJECT_STATUS_LABELS) as ProjectStatus[]).map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));

/** 我的项目 (/settings/projectList?type=all): every single project with its state, progress and materials. */
export default function ProjectListPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const typeParam = params.get('type');
  const type: ListType = typeParam === 'form' || typeParam === 'code' ? typeParam : 'all';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [status, setStatus] = useState<ProjectStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const query: ProjectListQuery = { type, page, pageSize, status, keyword: keyword || undefined };
  const list = useProjectList(query, { pollWhileActive: true });

  const onDelete = async (p: ProjectListItem) => {
    const res = await (p.source === 'code' ? delCodeProject(p.id) : delProject(p.id));
    if (res?.code !== 200) return false;
    notify.success('项目已删除');
    if ((list.data?.list.length ?? 0) === 1 && page > 1) setPage(page - 1);
    await queryClient.invalidateQueries({ queryKey: projectKeys.lists });
    return true;
  };

  const filtered = Boolean(status || keyword || type !== 'all');

  return (
    <>
      <div className="list-head">
        <h2>我的项目</h2>
        <Link to="/project-selection">
          <Button type="primary" icon={<PlusOutlined />}>
            创建项目
          </Button>
        </Link>
      </div>
      <div className="list-toolbar">
        <Segmented<ListType>
          options={TYPES}
          value={type}
          onChange={(v) => {
            setPage(1);
            setParams({ type: v });
          }}
        />
        <Select allowClear placeholder="全部状态" style={{ width: 140 }} options={STATUS_OPTIONS} value={status} onChange={(v) => (setPage(1), setStatus(v))} />
        <Input.Search allowClear placeholder="搜索软件名称或简称" style={{ width: 260 }} maxLength={50} onSearch={(v) => (setPage(1), setKeyword(v.trim()))} />
      </div>
      {list.isError && <Alert type="error" showIcon title="项目列表加载失败" action={<a onClick={() => void list.refetch()}>重试</a>} style={{ marginBottom: 16 }} />}
      <ProjectTable
        data={list.data}
        loading={list.isLoading}
        page={page}
        pageSize={pageSize}
        onPage={(p, s) => {
          setPage(s !== pageSize ? 1 : p);
          setPageSize(s);
        }}
        onDelete={onDelete}
        showSource={type === 'all'}
        empty={
          filtered ? (
            '没有符合条件的项目'
          ) : (
            <>
              <div style={{ marginBottom: 12 }}>还没有项目，创建一个开始准备软著材料</div>
              <Link to="/project-selection">
                <Button type="primary">创建项目</Button>
              </Link>
            </>
          )
        }
      />
    </>
  );
}
