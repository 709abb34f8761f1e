import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Input, Select } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PROJECT_STATUS_LABELS, type ProjectListItem, type ProjectStatus } from '@mazhu/contracts';
import { delCodeProject, projectKeys, useCodeProjectList } from '@/api/projects';
import { notify } from '@/utils/notify';
import ProjectTable from '@/components/project/ProjectTable';

const STATUS_OPTIONS = (Object.keys(PROJECT_STATUS_LABELS) as ProjectStatus[]).map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));

/** 代码项目 (/settings/codeProjectList): projects made from uploaded code, with languages and 源程序量. */
export default function CodeProjectListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [status, setStatus] = useState<ProjectStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const list = useCodeProjectList({ page, pageSize, status, keyword: keyword || undefined });

  const onDelete = async (p: ProjectListItem) => {
    const res = await delCodeProject(p.id);
    if (res?.code !== 200) return false;
    notify.success('项目已删除');
    if ((list.data?.list.length ?? 0) === 1 && page > 1) setPage(page - 1);
    await queryClient.invalidateQueries({ queryKey: projectKeys.lists });
    return true;
  };

  return (
    <>
      <div className="list-head">
        <h2>代码项目</h2>
        <Link to="/code-to-doc-generator">
          <Button type="primary" icon={<CloudUploadOutlined />}>
            上传代码生成
          </Button>
        </Link>
      </div>
      <div className="list-toolbar">
        <Select allowClear placeholder="全部状态" style={{ width: 140 }} options={STATUS_OPTIONS} value={status} onChange={(v) => (setPage(1), setStatus(v))} />
        <Input.Search allowClear placeholder="搜索软件名称或简称" style={{ width: 260 }} maxLength={50} onSearch={(v) => (setPage(1), setKeyword(v.trim()))} />
      </div>
      {list.isError && <Alert type="error" showIcon title="代码项目加载失败" action={<a onClick={() => void list.refetch()}>重试</a>} style={{ marginBottom: 16 }} />}
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
        showSource={false}
        showCode
        empty={
          status || keyword ? (
            '没有符合条件的代码项目'
          ) : (
            <>
              <div style={{ marginBottom: 12 }}>还没有代码项目。上传源代码，自动生成程序鉴别材料与操作手册</div>
              <Link to="/code-to-doc-generator">
                <Button type="primary">上传代码</Button>
              </Link>
            </>
          )
        }
      />
    </>
  );
}
