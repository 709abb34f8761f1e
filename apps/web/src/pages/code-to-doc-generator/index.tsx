import ProjectWizardPage from '@/components/project/ProjectWizardPage';
import CodeToDocWizard from './components/CodeToDocWizard';

/**
 * 代码生成文档 (/code-to-doc-generator): upload code → the analysis (languages, lines, files chosen, page 1) →
 * project information prefilled from the code → generate. `?id=` opens an existing code project.
 */
export default function CodeToDocPage() {
  return (
    <ProjectWizardPage
      title="代码生成文档"
      intro="上传项目源代码，自动识别编程语言、统计源程序量，按前 30 页 + 后 30 页排版程序鉴别材料，并据代码结构整理操作手册与申请表信息。"
      backTo="/settings/codeProjectList"
      backLabel="返回代码项目"
      Wizard={CodeToDocWizard}
    />
  );
}
