import AuthPage from './AuthPage';

export default function RegisterPage() {
  return <AuthPage initial="register" />;
}
