import { Picture } from '../src/shared/Picture.js';
import { FeaturesSection } from './FeaturesSection.js';
import { Layout } from './Layout.js';
import { LendersSection } from './LendersSection.js';
import type { SiteProps } from './site-props.js';

export function AboutPage({ content, path, image }: SiteProps) {
  const { community, media } = content;
  return (
    <Layout content={content} path={path}>
      <div className="page-heading">
        <div className="container">
          <h1>About {community.name}</h1>
        </div>
      </div>
      <section className="about container" aria-label={`About ${community.name}`}>
        <Picture
          image={image(media.portrait.src, media.portrait.alt)}
          sizes="(min-width: 900px) 360px, 92vw"
          className="portrait"
          loading="eager"
          fetchPriority="high"
        />
        <div className="about-text">
          {community.about.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>
      <FeaturesSection content={content} image={image} />
      <LendersSection content={content} />
    </Layout>
  );
}
