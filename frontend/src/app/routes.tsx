import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { routeData } from '@/app/route-data';
import { AppLoading } from '@/app/routes/app-loading';
import { LandingRoute } from '@/app/routes/landing';
import { RootLayout } from '@/app/routes/root';
import { RouteError } from '@/app/routes/route-error';
import { paths } from '@/config/paths';

/**
 * The route tree. Every page but the landing page is loaded on first visit, so that the code a
 * visitor downloads first stays small; the data a page shows first is asked for meanwhile.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const data = routeData(queryClient);
  return [
    {
      // No loader here: the frame needs none (who is signed in is asked before the router starts,
      // `app.tsx`), and a loader on it would hold every page, the landing page too, behind a
      // loading screen on the first visit instead of drawing it at once.
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          // Errors inside a page keep the header and footer around the message; so does the
          // loading screen of a first visit to a page whose code is still on its way.
          ErrorBoundary: RouteError,
          HydrateFallback: AppLoading,
          children: [
            { index: true, Component: LandingRoute },
            {
              path: paths.register,
              lazy: async () => ({
                Component: (await import('@/app/routes/auth/register')).RegisterRoute,
              }),
            },
            {
              path: paths.login,
              lazy: async () => ({
                Component: (await import('@/app/routes/auth/login')).LoginRoute,
              }),
            },
            {
              path: paths.emailLink,
              lazy: async () => ({
                Component: (await import('@/app/routes/auth/email-link')).EmailLinkRoute,
              }),
            },
            {
              path: paths.emailRegister,
              lazy: async () => ({
                Component: (await import('@/app/routes/auth/email-register')).EmailRegisterRoute,
              }),
            },
            {
              path: paths.emailVerification,
              lazy: async () => ({
                Component: (await import('@/app/routes/auth/email-verification'))
                  .EmailVerificationRoute,
              }),
            },
            {
              path: paths.authCallback,
              lazy: async () => ({
                Component: (await import('@/app/routes/auth/callback')).AuthCallbackRoute,
              }),
            },
            // Dashboard, messages, favourites, settings and profile setup (signed in only).
            {
              path: paths.dashboard,
              loader: data.dashboard,
              lazy: async () => ({
                Component: (await import('@/app/routes/dashboard')).DashboardRoute,
              }),
            },
            {
              path: paths.messages,
              loader: data.messages,
              lazy: async () => ({
                Component: (await import('@/app/routes/messages')).MessagesRoute,
              }),
            },
            {
              path: paths.favourites,
              lazy: async () => ({
                Component: (await import('@/app/routes/favourites')).FavouritesRoute,
              }),
            },
            {
              path: paths.settings,
              lazy: async () => ({
                Component: (await import('@/app/routes/settings')).SettingsRoute,
              }),
            },
            {
              path: paths.moderation,
              lazy: async () => ({
                Component: (await import('@/app/routes/moderation')).ModerationRoute,
              }),
            },
            {
              path: paths.moderationLog,
              lazy: async () => ({
                Component: (await import('@/app/routes/moderation')).ModerationLogRoute,
              }),
            },
            {
              path: paths.profileSetup,
              lazy: async () => ({
                Component: (await import('@/app/routes/profile-setup')).ProfileSetupRoute,
              }),
            },
            // Browsing: every profile, and the pages for owners and for sitters.
            {
              path: paths.profiles,
              loader: data.browse,
              lazy: async () => ({ Component: (await import('@/app/routes/browse')).BrowseRoute }),
            },
            {
              path: paths.unsubscribe,
              lazy: async () => ({
                Component: (await import('@/app/routes/unsubscribe')).UnsubscribeRoute,
              }),
            },
            {
              path: paths.forOwners,
              lazy: async () => ({
                Component: (await import('@/app/routes/for-owners')).ForOwnersRoute,
              }),
            },
            {
              path: paths.forVolunteers,
              lazy: async () => ({
                Component: (await import('@/app/routes/for-volunteers')).ForVolunteersRoute,
              }),
            },
            // Profile pages and the profile detail redirects.
            {
              path: '/eigenaar/:ownerId',
              loader: data.owner,
              lazy: async () => ({
                Component: (await import('@/app/routes/profiles/owner')).OwnerRoute,
              }),
            },
            {
              path: '/vrijwilliger/:volunteerId',
              loader: data.volunteer,
              lazy: async () => ({
                Component: (await import('@/app/routes/profiles/volunteer')).VolunteerRoute,
              }),
            },
            {
              path: '/huisdier/:petId',
              loader: data.pet,
              lazy: async () => ({
                Component: (await import('@/app/routes/profiles/pet')).PetRoute,
              }),
            },
            {
              path: '/huisdier/:petId/zorgkaart',
              lazy: async () => ({
                Component: (await import('@/app/routes/profiles/pet-care')).PetCareRoute,
              }),
            },
            {
              path: '/profiel/:id',
              lazy: async () => ({
                Component: (await import('@/app/routes/profiles/profile-detail'))
                  .ProfileDetailRoute,
              }),
            },
            {
              path: '/profielen/:id',
              lazy: async () => ({
                Component: (await import('@/app/routes/profiles/profile-fallback'))
                  .ProfileFallbackRoute,
              }),
            },
            {
              path: paths.terms,
              lazy: async () => ({ Component: (await import('@/app/routes/terms')).TermsRoute }),
            },
            {
              path: paths.privacy,
              lazy: async () => ({
                Component: (await import('@/app/routes/privacy')).PrivacyRoute,
              }),
            },
            {
              path: paths.accountDeleted,
              lazy: async () => ({
                Component: (await import('@/app/routes/account-deleted')).AccountDeletedRoute,
              }),
            },
            {
              path: '*',
              lazy: async () => ({
                Component: (await import('@/app/routes/not-found')).NotFoundRoute,
              }),
            },
          ],
        },
      ],
    },
  ];
}
