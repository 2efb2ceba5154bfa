import type { ReactNode } from 'react';
import type { Content } from '../src/content/index.js';
import { QuestionsBlock } from './QuestionsBlock.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteNav } from './SiteNav.js';
import { onBuilderRoot } from '../src/render/community-path.js';
import { BuilderLayout } from './builder/BuilderLayout.js';

interface LayoutProps {
  content: Content;
  path: string;
  /** The questions block shows on every public page but /contact (contract, page conventions). */
  showQuestions?: boolean;
  children: ReactNode;
}

export function Layout({ content, path, showQuestions = true, children }: LayoutProps) {
  // A builder's page on a site of several communities (its contact, privacy, agents and search pages).
  if (onBuilderRoot()) {
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
        {children}
      </main>
      {showQuestions ? <QuestionsBlock content={content} /> : null}
      <SiteFooter content={content} />
    </>
  );
}
