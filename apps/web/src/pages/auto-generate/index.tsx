import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import PageHero from '@/components/PageHero';
import { useProjectDetails } from '@/api/projects';
import AutoGenerateWizard from './components/AutoGenerateWizard';

/**
 * 智能生成 (/auto-generate): basic information → AI-written information → functional modules → preview with every
 * rule checked → generate. `?id=` opens an existing project (编辑 from the project list).
 */
export default function AutoGeneratePage() {
  const [params] = useSearchParams();
  // The project opened with the page; a project created by the wizard keeps the wizard mounted.
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const details = useProjectDetails(openedId);

  return (
    <>
      <PageHero title="智能生成">按申请表顺序填写软件信息，AI 撰写申请表文字与功能模块，逐项检查后生成源程序、操作手册与申请表信息。</PageHero>
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
                <Link to="/settings/projectList?type=all">
                  <Button type="primary">返回我的项目</Button>
                </Link>
              }
            />
          </div>
        ) : (
          <AutoGenerateWizard details={details.data ?? undefined} />
        )}
      </div>
    </>
  );
}
