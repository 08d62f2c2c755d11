import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({ beforeLoad: guardRoute('/login'), component: LoginPage });
