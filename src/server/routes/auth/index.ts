import type { FastifyInstance } from 'fastify';
import { changePasswordRoute } from './change-password';
import { checkEmailRoute } from './check-email';
import { forgotPasswordRoute } from './forgot-password';
import { languageRoute } from './language';
import { loginRoute } from './login';
import { logoutRoute } from './logout';
import { meRoute } from './me';
import { resendVerificationRoutes } from './resend-verification';
import { resetPasswordRoute } from './reset-password';
import { signupStep1Route } from './signup-step1';
import { signupStep2Route } from './signup-step2';
import { signupStep3Route } from './signup-step3';
import { uploadRoutes } from './uploads';
import { verifyCodeRoute } from './verify-code';
import { verifyEmailRoute } from './verify-email';

/** Every call of the account area (spec section 7), under /api/auth. */
export async function authRoutes(app: FastifyInstance) {
  for (const route of [
    signupStep1Route,
    signupStep2Route,
    signupStep3Route,
    uploadRoutes,
    loginRoute,
    logoutRoute,
    meRoute,
    resendVerificationRoutes,
    verifyEmailRoute,
    verifyCodeRoute,
    forgotPasswordRoute,
    resetPasswordRoute,
    changePasswordRoute,
    checkEmailRoute,
    languageRoute,
  ]) {
    await app.register(route);
  }
}
