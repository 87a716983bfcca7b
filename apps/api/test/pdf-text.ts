/**
 * The text of a PDF as a reader sees it, for tests: one string per printed line (the pieces on one
 * baseline joined left to right), and the targets of its links. pdfjs-dist is loaded on use.
 */
export interface PdfContent {
  pages: number
  lines: string[]
  links: string[]
  title: string
}

export async function pdfContent(data: Uint8Array): Promise<PdfContent> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    verbosity: 0,
  })
  const document = await task.promise
  const lines: string[] = []
  const links: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    const rows = new Map<number, Array<{ x: number; text: string }>>()
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue
      const y = Math.round(item.transform[5] as number)
      const row = rows.get(y) ?? []
      row.push({ x: item.transform[4] as number, text: item.str.trim() })
      rows.set(y, row)
    }
    for (const [, row] of [...rows].sort((a, b) => b[0] - a[0])) {
      lines.push(
        row
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join(' '),
      )
    }
    for (const annotation of await page.getAnnotations()) {
      if (annotation.subtype === 'Link' && annotation.url) links.push(annotation.url)
    }
  }
  const metadata = (await document.getMetadata()) as { info?: { Title?: string } }
  const result = { pages: document.numPages, lines, links, title: metadata.info?.Title ?? '' }
  await task.destroy()
  return result
}
