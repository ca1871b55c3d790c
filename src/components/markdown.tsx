import { Anchor, Blockquote, Code, Divider, List, Table, Text, Title, type TitleOrder } from '@mantine/core';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode, useMemo } from 'react';
// The styles of the components a document may use, here rather than wherever else they happen to be imported.
import '@mantine/core/styles/Blockquote.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Table.layer.css';
import classes from './markdown.module.css';

/**
 * Markdown from the repository's own docs, drawn as React elements from marked's tokens: nothing is ever set as HTML,
 * so inline or block HTML in the source shows as the text it is, and only http(s), mailto and in-page links become
 * links. Images are not fetched (the CSP allows none from elsewhere): their description shows instead.
 */
export function Markdown({ source }: { source: string }) {
  const tokens = useMemo(() => Lexer.lex(source), [source]);
  return <div className={classes.markdown}>{blocks(tokens)}</div>;
}

/** The id a heading gets, so a section can be linked to and bookmarked. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function blocks(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, index) => <Fragment key={index}>{block(token as Tokens.Generic)}</Fragment>);
}

function block(token: Tokens.Generic): ReactNode {
  switch (token.type) {
    case 'heading': {
      const { depth, text, tokens } = token as Tokens.Heading;
      return (
        <Title
          order={Math.min(Math.max(depth, 1), 6) as TitleOrder}
          id={headingId(text)}
          mt={depth <= 2 ? 'lg' : 'md'}
          mb="xs"
        >
          {inline(tokens)}
        </Title>
      );
    }
    case 'paragraph':
      return (
        <Text component="p" my="sm">
          {inline((token as Tokens.Paragraph).tokens)}
        </Text>
      );
    case 'text': {
      // A list item's loose text: inline tokens when marked parsed them, else the text itself.
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : decodeEntities(text.text);
    }
    case 'code':
      return (
        <Code block my="sm">
          {(token as Tokens.Code).text}
        </Code>
      );
    case 'list': {
      const list = token as Tokens.List;
      return (
        <List
          type={list.ordered ? 'ordered' : 'unordered'}
          start={list.ordered && list.start !== '' ? list.start : undefined}
          my="sm"
          spacing="xs"
        >
          {list.items.map((item, index) => (
            <List.Item key={index}>{blocks(item.tokens)}</List.Item>
          ))}
        </List>
      );
    }
    case 'blockquote':
      return <Blockquote my="sm">{blocks((token as Tokens.Blockquote).tokens)}</Blockquote>;
    case 'table': {
      const table = token as Tokens.Table;
      return (
        <Table my="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {table.header.map((cell, index) => (
                <Table.Th key={index}>{inline(cell.tokens)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {row.map((cell, index) => (
                  <Table.Td key={index}>{inline(cell.tokens)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    }
    case 'hr':
      return <Divider my="md" />;
    case 'html':
      // Shown as written, never interpreted.
      return (
        <Code block my="sm">
          {(token as Tokens.HTML).text}
        </Code>
      );
    default:
      // space, def and anything an extension might add: nothing to draw.
      return null;
  }
}

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, index) => <Fragment key={index}>{span(token as Tokens.Generic)}</Fragment>);
}

function span(token: Tokens.Generic): ReactNode {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : decodeEntities(text.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong>{inline((token as Tokens.Strong).tokens)}</strong>;
    case 'em':
      return <em>{inline((token as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del>{inline((token as Tokens.Del).tokens)}</del>;
    case 'codespan':
      // An endpoint or a command is one unbroken word: it may break anywhere rather than push a phone's page sideways.
      return <Code style={{ overflowWrap: 'anywhere' }}>{(token as Tokens.Codespan).text}</Code>;
    case 'br':
      return <br />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      if (!href) return inline(link.tokens);
      const external = !href.startsWith('#');
      return (
        <Anchor
          href={href}
          title={link.title ?? undefined}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {inline(link.tokens)}
        </Anchor>
      );
    }
    case 'image':
      return (token as Tokens.Image).text;
    case 'html':
      return (token as Tokens.Tag).text;
    default:
      return typeof token.text === 'string' ? token.text : null;
  }
}

function safeHref(href: string): string | null {
  const value = href.trim();
  if (value.startsWith('#')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:' ? url.href : null;
  } catch {
    // A relative link points into the repository, which the portal does not serve.
    return null;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** marked leaves character references as written; React would show them literally. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}
