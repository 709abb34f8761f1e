import ProjectWizardPage from '@/components/project/ProjectWizardPage';
import AutoGenerateWizard from './components/AutoGenerateWizard';

/**
 * 智能生成 (/auto-generate): basic information → AI-written information → functional modules → preview with every
 * rule checked → generate. `?id=` opens an existing project (编辑 from the project list).
 */
export default function AutoGeneratePage() {
  return (
    <ProjectWizardPage
      title="智能生成"
      intro="按申请表顺序填写软件信息，AI 撰写申请表文字与功能模块，逐项检查后生成源程序、操作手册与申请表信息。源程序文档只能用您自己的源代码生成，请在第一步上传。"
      backTo="/settings/projectList?type=all"
      backLabel="返回我的项目"
      Wizard={AutoGenerateWizard}
    />
  );
}
