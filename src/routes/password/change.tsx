import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { PasswordChangePage } from '../../features/auth/components/password-change-page';

export const Route = createFileRoute('/password/change')({ beforeLoad: guardRoute('/password/change'), component: PasswordChangePage });
