import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { fillTemplate, translations, type Language, type SummaryContent } from '@summa/shared';
import type { CoverImage } from './cover-image.js';
import { summaryPdfSections, type PdfBody, type PdfEntry } from './summary-pdf-blocks.js';

export interface SummaryPdfInput {
  title: string;
  author: string;
  language: Language;
  content: SummaryContent;
  cover?: CoverImage | undefined;
}

/**
 * DejaVu (Bitstream Vera licence, free to embed), from the pinned dejavu-fonts-ttf package:
 * it covers every Portuguese and Spanish letter and punctuation mark (ç ã õ ñ ¿ ¡ « » – …).
 * PDFKit embeds only the glyphs a document uses.
 */
const FONT_FILES = {
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

let fontData: Promise<[FontName, Buffer][]> | undefined;

/** The font files, read once per process (each document parses and subsets its own copy). */
function loadFonts(): Promise<[FontName, Buffer][]> {
  const resolve = createRequire(import.meta.url).resolve;
  fontData ??= Promise.all(
    Object.entries(FONT_FILES).map(
      async ([name, file]) =>
        [name as FontName, await readFile(resolve(`dejavu-fonts-ttf/ttf/${file}`))] as [FontName, Buffer],
    ),
  );
  return fontData;
}

/** Colours of the web app's palette (stone text, brand indigo), dark enough for any printer. */
const COLOR = {
  text: '#1c1917',
  muted: '#57534e',
  accent: '#4338ca',
  leadText: '#312e81',
  leadBackground: '#eef2ff',
  leadBar: '#6366f1',
  rule: '#d6d3d1',
} as const;

const MARGIN = { top: 64, bottom: 72, left: 64, right: 64 };
const BODY_SIZE = 11;
const LINE_GAP = 3;
const COVER_BOX = { width: 100, height: 150 };
const LIST_INDENT = 22;

type Doc = PDFKit.PDFDocument;

/** The page's content width and left edge. */
const left = () => MARGIN.left;
const width = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;

/** Starts a new page unless `height` more points fit above the bottom margin. */
function keepRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN.bottom) doc.addPage();
}

function lineHeight(doc: Doc, font: FontName, size: number): number {
  return doc.font(font).fontSize(size).currentLineHeight(true) + LINE_GAP;
}

function drawHeader(doc: Doc, input: SummaryPdfInput, productName: string): void {
  const top = doc.y;
  let textLeft = left();
  let coverBottom = top;
  if (input.cover) {
    const scale = Math.min(COVER_BOX.width / input.cover.width, COVER_BOX.height / input.cover.height);
    const coverWidth = input.cover.width * scale;
    const coverHeight = input.cover.height * scale;
    doc.image(input.cover.data, left(), top, { width: coverWidth, height: coverHeight });
    doc.rect(left(), top, coverWidth, coverHeight).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
    textLeft = left() + coverWidth + 20;
    coverBottom = top + coverHeight;
  }
  const textWidth = width(doc) - (textLeft - left());
  doc.font('sansBold').fontSize(9).fillColor(COLOR.accent);
  doc.text(productName.toUpperCase(), textLeft, top, { width: textWidth, characterSpacing: 1.5 });
  doc.moveDown(0.6);
  doc.font('serifBold').fontSize(24).fillColor(COLOR.text);
  doc.text(input.title, textLeft, doc.y, { width: textWidth, lineGap: 2 });
  doc.moveDown(0.3);
  doc.font('sans').fontSize(13).fillColor(COLOR.muted);
  doc.text(input.author, textLeft, doc.y, { width: textWidth });
  const bottom = Math.max(doc.y, coverBottom) + 18;
  doc
    .moveTo(left(), bottom)
    .lineTo(left() + width(doc), bottom)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.x = left();
  doc.y = bottom + 20;
}

function drawHeading(doc: Doc, heading: string): void {
  // A heading never ends a page: it keeps its own line and about three of what follows.
  keepRoom(doc, lineHeight(doc, 'sansBold', 14) + 3 * lineHeight(doc, 'serif', BODY_SIZE));
  doc.outline.addItem(heading);
  doc.font('sansBold').fontSize(14).fillColor(COLOR.accent);
  doc.text(heading, left(), doc.y, { width: width(doc) });
  doc.moveDown(0.4);
}

function drawLead(doc: Doc, text: string): void {
  const pad = 12;
  const textWidth = width(doc) - 2 * pad - 4;
  doc.font('serifItalic').fontSize(13);
  const height = doc.heightOfString(text, { width: textWidth, lineGap: LINE_GAP }) + 2 * pad;
  keepRoom(doc, height);
  const top = doc.y;
  doc.rect(left(), top, width(doc), height).fillColor(COLOR.leadBackground).fill();
  doc.rect(left(), top, 4, height).fillColor(COLOR.leadBar).fill();
  doc
    .fillColor(COLOR.leadText)
    .text(text, left() + 4 + pad, top + pad, { width: textWidth, lineGap: LINE_GAP });
  doc.y = top + height;
}

function drawProse(doc: Doc, text: string): void {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  doc.font('serif').fontSize(BODY_SIZE).fillColor(COLOR.text);
  for (const paragraph of paragraphs) {
    doc.text(paragraph.trim(), left(), doc.y, { width: width(doc), lineGap: LINE_GAP, paragraphGap: 6 });
  }
}

/** A bullet or number in the gutter, the item's text beside it. */
function drawItem(doc: Doc, marker: string, text: string, indent: number, font: FontName = 'serif'): void {
  keepRoom(doc, 2 * lineHeight(doc, font, BODY_SIZE));
  const top = doc.y;
  const x = left() + indent;
  doc.font('sansBold').fontSize(BODY_SIZE).fillColor(COLOR.accent);
  doc.text(marker, x, top, { width: LIST_INDENT - 6, lineBreak: false });
  doc.font(font).fontSize(BODY_SIZE).fillColor(COLOR.text);
  doc.text(text, x + LIST_INDENT, top, { width: width(doc) - indent - LIST_INDENT, lineGap: LINE_GAP });
  doc.moveDown(0.35);
}

function drawList(doc: Doc, items: readonly string[], numbered: boolean, indent = 0): void {
  items.forEach((item, index) => drawItem(doc, numbered ? `${index + 1}.` : '•', item, indent));
}

/** The height of an entry on paper, near enough to keep a short one (a day of the plan) on one page. */
function entryHeight(doc: Doc, entry: PdfEntry, textWidth: number): number {
  const options = { width: textWidth, lineGap: LINE_GAP };
  let height = doc
    .font('serifBold')
    .fontSize(BODY_SIZE + 0.5)
    .heightOfString(entry.title, options);
  doc.font('serif').fontSize(BODY_SIZE);
  if (entry.text) height += doc.heightOfString(entry.text, options) + 4;
  for (const item of entry.bullets ?? []) {
    height += doc.heightOfString(item, { ...options, width: textWidth - LIST_INDENT }) + 6;
  }
  return height;
}

function drawEntry(doc: Doc, entry: PdfEntry, marker: string | undefined): void {
  const indent = marker ? LIST_INDENT : 0;
  const pageHeight = doc.page.height - MARGIN.top - MARGIN.bottom;
  const whole = entryHeight(doc, entry, width(doc) - indent);
  // A short entry stays whole; a long one starts with at least three lines on the page.
  keepRoom(doc, whole < pageHeight / 3 ? whole : 3 * lineHeight(doc, 'serif', BODY_SIZE));
  const top = doc.y;
  if (marker) {
    doc.font('sansBold').fontSize(BODY_SIZE).fillColor(COLOR.accent);
    doc.text(marker, left(), top, { width: LIST_INDENT - 6, lineBreak: false });
  }
  doc
    .font('serifBold')
    .fontSize(BODY_SIZE + 0.5)
    .fillColor(COLOR.text);
  doc.text(entry.title, left() + indent, top, { width: width(doc) - indent, lineGap: LINE_GAP });
  if (entry.text) {
    doc.moveDown(0.15);
    doc.font('serif').fontSize(BODY_SIZE).fillColor(COLOR.muted);
    doc.text(entry.text, left() + indent, doc.y, { width: width(doc) - indent, lineGap: LINE_GAP });
  }
  if (entry.bullets) {
    doc.moveDown(0.2);
    drawList(doc, entry.bullets, false, indent);
  }
  doc.moveDown(0.5);
}

function drawBody(doc: Doc, body: PdfBody): void {
  if (body.kind === 'lead') drawLead(doc, body.text);
  else if (body.kind === 'prose') drawProse(doc, body.text);
  else if (body.kind === 'list') drawList(doc, body.items, body.numbered);
  else
    body.entries.forEach((entry, index) =>
      drawEntry(doc, entry, body.numbered ? `${index + 1}.` : undefined),
    );
}

/** The product name and "page N of M" under a rule at the foot of every page. */
function drawFooters(doc: Doc, productName: string, pageOf: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the bottom margin: without this PDFKit would start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN.bottom + 24;
    doc
      .moveTo(left(), y - 8)
      .lineTo(left() + width(doc), y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font('sans').fontSize(8.5).fillColor(COLOR.muted);
    doc.text(productName, left(), y, { width: width(doc) / 2, lineBreak: false });
    const page = fillTemplate(pageOf, { page: index - start + 1, pages: count });
    doc.text(page, left() + width(doc) / 2, y, { width: width(doc) / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

/**
 * The summary as a printable A4 PDF: the book's cover, title and author, then every section
 * under its heading in the summary's language, with the product name and page numbers at the
 * foot of each page. Generated in memory (a summary is a few pages).
 */
export async function renderSummaryPdf(input: SummaryPdfInput): Promise<Buffer> {
  const fonts = await loadFonts();
  const texts = translations[input.language];
  const productName = texts.common.appName;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: input.language === 'pt' ? 'pt-BR' : input.language,
    displayTitle: true,
    info: { Title: input.title, Author: input.author, Subject: input.content.oneLiner, Creator: productName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, data] of fonts) doc.registerFont(name, data);

  drawHeader(doc, input, productName);
  for (const section of summaryPdfSections(input.content, input.language)) {
    drawHeading(doc, section.heading);
    drawBody(doc, section.body);
    doc.moveDown(0.9);
  }
  drawFooters(doc, productName, texts.summary.pdfDocument.pageOf);
  doc.end();
  return done;
}
