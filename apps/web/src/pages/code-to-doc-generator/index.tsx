import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import PageHero from '@/components/PageHero';
import { useProjectDetails } from '@/api/projects';
import CodeToDocWizard from './components/CodeToDocWizard';

/**
 * 代码生成文档 (/code-to-doc-generator): upload code → the analysis (languages, lines, files chosen, page 1) →
 * project information prefilled from the code → generate. `?id=` opens an existing code project.
 */
export default function CodeToDocPage() {
  const [params] = useSearchParams();
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const details = useProjectDetails(openedId);

  return (
    <>
      <PageHero title="代码生成文档">上传项目源代码，自动识别编程语言、统计源程序量，按前 30 页 + 后 30 页排版程序鉴别材料，并据代码结构整理操作手册与申请表信息。</PageHero>
      <div className="container page-body">
        {openedId && details.isLoading ? (
          <div className="wizard-card">
            <Skeleton active paragraph={{ rows: 12 }} />
          </div>
        ) : openedId && !details.data ? (
          <div className="wizard-card">
            <Result
              status="404"
              title="项目不存在或无权访问"
              extra={
                <Link to="/settings/codeProjectList">
                  <Button type="primary">返回代码项目</Button>
                </Link>
              }
            />
          </div>
        ) : (
          <CodeToDocWizard details={details.data ?? undefined} />
        )}
      </div>
    </>
  );
}
