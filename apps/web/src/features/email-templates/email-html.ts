/**
 * The editor's HTML as a mail needs it. Quill 2's semantic HTML writes every space as `&nbsp;`,
 * so no line of a mail could wrap: a run of spaces becomes one ordinary space followed by
 * non-breaking ones (its width kept). An empty line is written `<p></p>`, which mail clients
 * collapse: it gets its line break back.
 */
export function emailHtml(editorHtml: string): string {
  return editorHtml
    .replace(/(?:&nbsp;)+/g, (run) => ` ${'&nbsp;'.repeat(run.length / 6 - 1)}`)
    .replace(/<p><\/p>/g, '<p><br></p>')
}
