import { expect } from 'chai';
import { ESLint } from 'eslint';

/**
 * The layers eslint.config.js keeps (STYLE.md, principles 6 and 11), checked on one import line each: the server
 * takes widget prop types from src/shared/ and reaches widgets only through the registry.
 */
async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('Module layers (npm run lint)', function () {
  this.timeout(60_000);

  it('refuses a server module that imports widget prop types from widgets/', async () => {
    const messages = await restrictedImports(
      'src/web/homesites-router.tsx',
      "import type { LotMapFilter } from '../../widgets/lot-map-types.js';\nexport type Filter = LotMapFilter;\n",
    );
    expect(messages).to.have.length(1);
    expect(messages[0]).to.match(/src\/shared/);
  });

  it('refuses a shared module that imports from widgets/', async () => {
    const messages = await restrictedImports(
      'src/shared/lot-map-props.ts',
      "import type { Hydrate } from '../../widgets/registry.js';\nexport type H = Hydrate;\n",
    );
    expect(messages).to.have.length(1);
  });

  it('lets the server take prop types from src/shared/ and widgets from the registry', async () => {
    const messages = await restrictedImports(
      'src/web/homesites-router.tsx',
      [
        "import type { LotMapFilter } from '../shared/lot-map-props.js';",
        "import type { WidgetName } from '../../widgets/registry.js';",
        'export type Both = [LotMapFilter, WidgetName];',
        '',
      ].join('\n'),
    );
    expect(messages).to.deep.equal([]);
  });
});
