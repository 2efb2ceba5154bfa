import type { ReactNode } from 'react';
import { isCommunityContent, type SiteContent } from '../src/content/builder-content.js';
import { CommunityStatusNotice } from './CommunityStatusNotice.js';
import { QuestionsBlock } from './QuestionsBlock.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteNav } from './SiteNav.js';
import { onBuilderRoot } from '../src/render/community-path.js';
import { BuilderLayout } from './builder/BuilderLayout.js';

interface LayoutProps {
  /** A community's content, or on the builder's own pages the builder's (content/builder-content.ts). */
  content: SiteContent;
  path: string;
  /** The questions block shows on every public page but /contact (contract, page conventions). */
  showQuestions?: boolean;
  children: ReactNode;
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
