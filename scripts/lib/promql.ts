/**
 * What a PromQL expression reads, from its syntax tree (Prometheus's own grammar,
 * `@prometheus-io/lezer-promql`, as the Prometheus UI parses it): each vector selector's metric
 * name and label matchers, and the labels the aggregations and vector matchings around it group
 * or match on. The monitoring tests use it to hold the rules and the dashboard to the series the
 * server exports; the rules generator to change an alert's threshold in a test copy.
 */
import { parser } from '@prometheus-io/lezer-promql';

/** A node of the syntax tree. */
type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

/** One label matcher of a selector, e.g. `status=~"5.."`. */
export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

/** A vector selector and the labels the expression needs its series to have. */
export interface Selector {
  /** The metric name (`http_requests_total`), or a recording rule's. */
  metric: string;
  matchers: Matcher[];
  /** Labels named by a `by (…)` or `on (…)` that applies to this selector. */
  grouping: string[];
}

/**
 * Parses `expr`.
 * @throws Error naming the offset of the first syntax error
 */
function parse(expr: string): SyntaxNode {
  const tree = parser.parse(expr);
  let error: number | undefined;
  tree.iterate({
    enter(node) {
      if (node.type.isError && error === undefined) error = node.from;
    },
  });
  if (error !== undefined) throw new Error(`PromQL syntax error at ${error}: ${expr}`);
  return tree.topNode;
}

function children(node: SyntaxNode): SyntaxNode[] {
  const list: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
}

/** The label names of a `GroupingLabels` node: `(job, channel)`. */
function labelNames(node: SyntaxNode | null, expr: string): string[] {
  if (!node) return [];
  return children(node)
    .filter((c) => c.name === 'LabelName')
    .map((c) => expr.slice(c.from, c.to));
}

/** The string a `StringLiteral` holds (PromQL strings are JSON-like; single quotes too). */
function stringValue(literal: string): string {
  if (literal.startsWith("'")) return literal.slice(1, -1).replace(/\\'/g, "'");
  if (literal.startsWith('`')) return literal.slice(1, -1);
  return JSON.parse(literal) as string;
}

/**
 * Every vector selector of `expr`, in order.
 * @throws Error when `expr` does not parse
 */
export function selectors(expr: string): Selector[] {
  const found: Selector[] = [];
  const walk = (node: SyntaxNode, grouping: readonly string[]): void => {
    let inherited = grouping;
    if (node.name === 'AggregateExpr') {
      const modifier = children(node).find((c) => c.name === 'AggregateModifier');
      if (modifier?.firstChild?.name === 'By') {
        inherited = [...inherited, ...labelNames(modifier.getChild('GroupingLabels'), expr)];
      }
    }
    if (node.name === 'BinaryExpr') {
      const clause = children(node).find((c) => c.name === 'MatchingModifierClause');
      if (clause?.firstChild?.name === 'On') {
        inherited = [...inherited, ...labelNames(clause.getChild('GroupingLabels'), expr)];
      }
    }
    if (node.name === 'VectorSelector') {
      const identifier = node.getChild('Identifier');
      const matchers: Matcher[] = [];
      for (const m of children(node.getChild('LabelMatchers') ?? node).filter((c) =>
        c.name.endsWith('LabelMatcher'),
      )) {
        const label = m.getChild('LabelName');
        const op = m.getChild('MatchOp');
        const value = m.getChild('StringLiteral');
        if (!label || !op || !value) throw new Error(`unsupported matcher in ${expr}`);
        matchers.push({
          label: expr.slice(label.from, label.to),
          op: expr.slice(op.from, op.to) as Matcher['op'],
          value: stringValue(expr.slice(value.from, value.to)),
        });
      }
      if (!identifier) throw new Error(`a selector without a metric name in ${expr}`);
      found.push({
        metric: expr.slice(identifier.from, identifier.to),
        matchers,
        grouping: [...new Set(inherited)],
      });
      return;
    }
    for (const child of children(node)) walk(child, inherited);
  };
  walk(parse(expr), []);
  return found;
}

/**
 * `expr` with the number of its top-level comparison replaced: `max(x) > 900` → `max(x) > 3`.
 * @throws Error when `expr` is not `<expression> <comparison> <number>`
 */
export function withThreshold(expr: string, threshold: number): string {
  const top = parse(expr).firstChild;
  const number = top?.lastChild;
  const op = number?.prevSibling;
  if (
    top?.name !== 'BinaryExpr' ||
    number?.name !== 'NumberDurationLiteral' ||
    !op ||
    !['Gtr', 'Gte', 'Lss', 'Lte'].includes(op.name)
  ) {
    throw new Error(`not a comparison with a number: ${expr}`);
  }
  return `${expr.slice(0, number.from)}${threshold}${expr.slice(number.to)}`;
}
