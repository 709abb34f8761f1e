import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import type { ProjectDetails } from '@mazhu/contracts';
import PageHero from '@/components/PageHero';
import { useProjectDetails } from '@/api/projects';

/**
 * The page shell shared by /auto-generate and /code-to-doc-generator: the hero, and `?id=` opening an existing
 * project (编辑 from a project list) — a skeleton while it loads, a 404 result with a way back when it is not the
 * user's, otherwise the wizard. The id is read once: a project the wizard creates keeps the wizard mounted.
 */
export default function ProjectWizardPage(props: {
  title: string;
  intro: ReactNode;
  backTo: string;
  backLabel: string;
  Wizard: ComponentType<{ details?: ProjectDetails }>;
}) {
  const { title, intro, backTo, backLabel, Wizard } = props;
  const [params] = useSearchParams();
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const details = useProjectDetails(openedId);

  return (
    <>
      <PageHero title={title}>{intro}</PageHero>
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
                <Link to={backTo}>
                  <Button type="primary">{backLabel}</Button>
                </Link>
              }
            />
          </div>
        ) : (
          <Wizard details={details.data ?? undefined} />
        )}
      </div>
    </>
  );
}
