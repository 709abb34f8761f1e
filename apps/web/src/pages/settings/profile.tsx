import { ProfileContent } from '@/pages/profile';

export default function SettingsProfilePage() {
  return <ProfileContent />;
}
