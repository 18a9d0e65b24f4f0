// Project rules that no published plugin states the way DESIGN.md does.
import path from 'node:path';

const FEATURE_DIR = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

function featureOf(file) {
  return FEATURE_DIR.exec(file)?.[1];
}

/** A feature never imports another feature; features meet in routes (web) or app.ts (server). */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one feature folder into another.' },
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}'; share it through lib, components or @summa/shared.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source) + path.sep);
      if (target && target !== from) {
        context.report({ node: node.source, messageId: 'crossFeature', data: { from, to: target } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const DATABASE_MODULES = ['drizzle-orm', 'pg', '@electric-sql/pglite'];

/** Only *.repository.ts touches the database (plus the db layer itself). */
const repositoryOnlyDatabase = {
  meta: {
    type: 'problem',
    docs: { description: 'Only repositories import database libraries.' },
    messages: {
      notRepository: "Only *.repository.ts files may import '{{source}}'; move the query into a repository.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!featureOf(file) || file.endsWith('.repository.ts') || /\.test\.ts$/.test(file)) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (node.importKind === 'type') return;
        if (DATABASE_MODULES.some((name) => source === name || source.startsWith(`${name}/`))) {
          context.report({ node: node.source, messageId: 'notRepository', data: { source } });
        }
      },
    };
  },
};

const REPOSITORY_MODULE = /\.repository(\.js|\.ts)?$/;

/** Routes call services: a *.routes.ts file never imports a *.repository module (types included). */
const routesCallServices = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid route modules from importing repositories.' },
    messages: {
      repositoryInRoutes:
        "Routes call services: '{{source}}' is a repository; call it from a service and import that instead.",
    },
    schema: [],
  },
  create(context) {
    if (!/\.routes\.ts$/.test(context.filename)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source === 'string' && REPOSITORY_MODULE.test(source)) {
        context.report({ node: node.source, messageId: 'repositoryInRoutes', data: { source } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label']);

/** Every user-visible string goes through i18n: no words written straight into JSX. */
const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid user-visible text literals in JSX.' },
    messages: { literal: 'User-visible text must come from i18n (t(...)), not a literal: "{{text}}".' },
    schema: [],
  },
  create(context) {
    const hasWords = (text) => /\p{L}{2,}/u.test(text);
    return {
      JSXText(node) {
        if (hasWords(node.value)) {
          context.report({ node, messageId: 'literal', data: { text: node.value.trim().slice(0, 40) } });
        }
      },
      JSXAttribute(node) {
        if (!TEXT_ATTRIBUTES.has(node.name.name)) return;
        const value = node.value;
        if (value?.type === 'Literal' && typeof value.value === 'string' && hasWords(value.value)) {
          context.report({ node: value, messageId: 'literal', data: { text: value.value.slice(0, 40) } });
        }
      },
    };
  },
};

export const summaRules = {
  rules: {
    'feature-boundaries': featureBoundaries,
    'repository-only-database': repositoryOnlyDatabase,
    'routes-call-services': routesCallServices,
    'no-literal-ui-text': noLiteralUiText,
  },
};
