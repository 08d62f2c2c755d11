import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { PasswordForgotPage } from '../../features/auth/components/password-forgot-page';

export const Route = createFileRoute('/password/forgot')({ beforeLoad: guardRoute('/password/forgot'), component: PasswordForgotPage });
