import type { ReactNode } from 'react';
import { isCommunityContent, type SiteContent } from '../src/content/builder-content.js';
import { CommunityStatusNotice } from './CommunityStatusNotice.js';
import { QuestionsBlock } from './QuestionsBlock.js';
import { SiteFooter } from './SiteFooter.js';
import { SITE_NAV_PATHS, SiteNav } from './SiteNav.js';
import { onBuilderRoot } from '../src/render/community-path.js';
import { BUILDER_NAV, BuilderLayout } from './builder/BuilderLayout.js';

interface LayoutProps {
  /** A community's content, or on the builder's own pages the builder's (content/builder-content.ts). */
  content: SiteContent;
  path: string;
  /** The questions block shows on every public page but /contact (contract, page conventions). */
  showQuestions?: boolean;
  children: ReactNode;
}

/** The paths a nav link marks as the current page (SiteNav, BuilderLayout); the floor plans' own pages aside. */
const NAV_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(SITE_NAV_PATHS),
  ...BUILDER_NAV.map((link) => link.href),
]);

/**
 * The part of a page's path its frame shows: the path itself where a nav link marks it (or, under /floor-plans/, may
 * mark it) as the current page, else '': the frame of every other path is the same, nothing in it current.
 */
export function framePath(path: string): string {
  return NAV_PATHS.has(path) || path.startsWith('/floor-plans/') ? path : '';
}

export function Layout({ content, path, showQuestions = true, children }: LayoutProps) {
  // A builder's page on a site of several communities (its contact, privacy, agents and search pages).
  if (onBuilderRoot() || !isCommunityContent(content)) {
    return (
      <BuilderLayout content={content} path={path}>
        {children}
      </BuilderLayout>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteNav content={content} path={path} />
      <main id="main" tabIndex={-1}>
        <CommunityStatusNotice content={content} />
        {children}
      </main>
      {showQuestions ? <QuestionsBlock content={content} /> : null}
      <SiteFooter content={content} />
    </>
  );
}
