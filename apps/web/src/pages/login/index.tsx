import AuthPage from './AuthPage';

export default function LoginPage() {
  return <AuthPage initial="login" />;
}
