import { useParams, useLocation } from 'react-router';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { formsLocales } from '../../shared/forms/locales/index.ts';
import { NoAccess } from '../../shared/ui/no-access.tsx';
import { uploadsLocales } from '../../shared/uploads/locales/index.ts';
import { PostDetailPage } from './components/post-detail-page.tsx';
import { PostFormPage } from './components/post-form-page.tsx';
import { PostsPage } from './components/posts-page.tsx';
import { usePostsAccess } from './components/use-posts-access.ts';
import { postsLocales } from './locales/index.ts';

export const locales = [postsLocales, formsLocales, uploadsLocales, directoryLocales];

/** /posts (feed), /posts/new and /posts/{id}. */
export function PostsRoute() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const { canManage } = usePostsAccess();
  if (pathname.replace(/\/+$/, '').endsWith('/posts/new')) return canManage ? <PostFormPage /> : <NoAccess problem="permission" />;
  return id ? <PostDetailPage id={id} /> : <PostsPage />;
}

/** /posts/{id}/edit (MANAGE_POSTS). */
export function PostEditRoute() {
  const { id } = useParams();
  const { canManage } = usePostsAccess();
  if (!canManage) return <NoAccess problem="permission" />;
  return <PostFormPage id={id} />;
}
