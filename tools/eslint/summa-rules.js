// Project rules that no published plugin states the way DESIGN.md does.
import path from 'node:path';

const FEATURE_DIR = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;
const SERVER_SRC = /[\\/]apps[\\/]server[\\/]src[\\/]/;
/**
 * The server's layers under the features: they serve every feature and import none (features
 * meet them through ports, bound in the composition root).
 */
const SERVER_LAYER =
  /[\\/]apps[\\/]server[\\/]src[\\/](plugins|providers|single-flight|http|db|ports|cache|config|observability)[\\/]/;

function featureOf(file) {
  return FEATURE_DIR.exec(file)?.[1];
}

function serverLayerOf(file) {
  return SERVER_LAYER.exec(file)?.[1];
}

/**
 * A feature never imports another feature; features meet in routes (web) or in the composition
 * root (server). The server's layers (plugins, providers, single-flight, http, db, ports, cache,
 * config, observability) import no feature at all.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one feature folder into another, or into a server layer.' },
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}'; share it through lib, components or @summa/shared.",
      layerImportsFeature:
        "'{{from}}/' must not import from feature '{{to}}'; declare what it needs in src/ports and let the composition root bind the feature to it.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    const layer = serverLayerOf(context.filename);
    if (!from && !layer) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source) + path.sep);
      if (!target) return;
      if (layer) {
        context.report({
          node: node.source,
          messageId: 'layerImportsFeature',
          data: { from: layer, to: target },
        });
      } else if (target !== from) {
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

/**
 * Only *.repository.ts touches the database, in features and in every other part of the server
 * (single-flight/work-leases.repository.ts, say), plus the db layer itself (src/db) and the
 * tests' own helpers (src/test).
 */
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
    const covered = featureOf(file) || (SERVER_SRC.test(file) && !/[\\/]src[\\/](db|test)[\\/]/.test(file));
    if (!covered || file.endsWith('.repository.ts') || /\.test\.ts$/.test(file)) return {};
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

/** An API path written out: a string, or a template whose text starts with `/api/`. */
const API_PATH = /^\/api\//;

/**
 * The web calls the API through the shared endpoint table (`ENDPOINTS`, `ENDPOINT_ROUTES` and
 * `pathOf` of @summa/shared): no API path is written out in a string or a template literal, so
 * that a route renamed on the server is renamed for the web in the same place. (Wired for the
 * web's sources in eslint.config.js; its tests may name the fake server's routes.)
 */
const noApiPathLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid API path literals outside the shared endpoint table.' },
    messages: {
      literal:
        "API paths come from the endpoint table (ENDPOINTS or ENDPOINT_ROUTES of @summa/shared, with pathOf), not a literal: '{{path}}'.",
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { path: text.slice(0, 60) } });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && API_PATH.test(node.value)) report(node, node.value);
      },
      TemplateLiteral(node) {
        const head = node.quasis[0]?.value.cooked ?? '';
        if (API_PATH.test(head)) report(node, head);
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
    'no-api-path-literals': noApiPathLiterals,
  },
};
