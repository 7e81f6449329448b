// Rewrites relative imports that leave their own area into the path aliases of tsconfig.base.json:
// @shared/* → shared/*, @worker/* → worker/src/*, @web/* → web/src/*.
//
// The rule, for every module path in import/export declarations, import() and vi.mock()-style calls:
// - a relative path whose target lies in another area becomes an alias (areas: shared/, worker/src/,
//   web/src/, tests/worker/, tests/web/, tests/shared/);
// - so does a relative path that climbs two folders or more (../../x), even inside one area;
// - a path into the same folder (./x) or one level up (../x) stays relative: it names a neighbour.
// Only files under shared/, worker/src/, web/src/ and tests/{worker,web,shared}/ are rewritten (the
// browser suite and the Node scripts stay relative: Node itself does not know the aliases).
// Idempotent: an alias is not relative, so a second run changes nothing. Files it changes are formatted
// with Prettier (a shorter import may now fit one line). Run: node scripts/alias-imports.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES = [
  ['@shared', 'shared'],
  ['@worker', 'worker/src'],
  ['@web', 'web/src'],
];
const AREAS = ['shared', 'worker/src', 'web/src', 'tests/worker', 'tests/web', 'tests/shared'];
/** Calls whose first argument is a module path (Vitest's module mocks). */
const MODULE_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

const toPosix = (path) => path.split(sep).join('/');
const areaOf = (path) => AREAS.find((area) => path === area || path.startsWith(`${area}/`));

function* sourceFiles(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The alias form of `specifier` seen from `file`, or undefined when it stays as it is. */
export function aliasFor(file, specifier) {
  if (!specifier.startsWith('../')) return undefined;
  const [path, query = ''] = specifier.split(/(?=\?)/);
  const target = toPosix(relative(root, resolve(root, dirname(file), path)));
  const climbsFar = path.startsWith('../../');
  if (!climbsFar && areaOf(target) === areaOf(file)) return undefined;
  const alias = ALIASES.find(([, dir]) => target === dir || target.startsWith(`${dir}/`));
  if (!alias) return undefined;
  return `${alias[0]}${target.slice(alias[1].length)}${query}`;
}

/** The string literals of `source` that name a module. */
function moduleSpecifiers(source) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isMock = ts.isPropertyAccessExpression(callee) && MODULE_CALLS.has(callee.name.text);
      if (isImport || isMock) found.push(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
}

async function rewrite(file) {
  const text = readFileSync(join(root, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits = moduleSpecifiers(source)
    .map((literal) => ({ literal, alias: aliasFor(file, literal.text) }))
    .filter(({ alias }) => alias !== undefined)
    // From the end, so earlier positions stay valid.
    .sort((a, b) => b.literal.getStart() - a.literal.getStart());
  let next = text;
  for (const { literal, alias } of edits) {
    const quote = next[literal.getStart()];
    next = next.slice(0, literal.getStart()) + quote + alias + quote + next.slice(literal.getEnd());
  }
  if (next !== text) {
    const options = await prettier.resolveConfig(join(root, file));
    writeFileSync(join(root, file), await prettier.format(next, { ...options, filepath: join(root, file) }));
  }
  return edits.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let files = 0;
  let imports = 0;
  for (const area of AREAS) {
    for (const file of sourceFiles(area)) {
      const count = await rewrite(file);
      if (count > 0) files += 1;
      imports += count;
    }
  }
  console.log(`${imports} imports rewritten in ${files} files.`);
}
