// What a visitor sees, measured on the rendered page: shared by the browser tests.

/**
 * Pairs of neighbouring words drawn touching: where one text node ends in a letter, digit, ")" or "%" and the next one,
 * of another element, starts with a letter, digit or "(" on the same line less than 2 px to its right (a space at the
 * site's font is about 4 px; badges and flags keep their padding). Preformatted text and screen-reader-only text are
 * left out.
 */
export function touchingWords(page) {
  return page.evaluate(() => {
    const pieces = []
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim() || n.parentElement.closest('pre, textarea, .sr-only')) continue
      const range = document.createRange()
      range.selectNodeContents(n)
      const rects = [...range.getClientRects()].filter((r) => r.width > 0)
      if (rects.length) pieces.push({ n, first: rects[0], last: rects[rects.length - 1] })
    }
    const glued = []
    for (let i = 1; i < pieces.length; i++) {
      const [a, b] = [pieces[i - 1], pieces[i]]
      const [ta, tb] = [a.n.textContent, b.n.textContent]
      if (a.n.parentElement === b.n.parentElement || /\s$/.test(ta) || /^\s/.test(tb)) continue
      if (!/[\p{L}\p{N})%]$/u.test(ta) || !/^[\p{L}\p{N}(]/u.test(tb)) continue
      const sameLine = Math.abs(a.last.top - b.first.top) < a.last.height / 2
      const gap = b.first.left - a.last.right
      if (sameLine && Math.abs(gap) < 2) glued.push(`${ta.trim().slice(-24)}|${tb.trim().slice(0, 24)}`)
    }
    return glued
  })
}

/**
 * The tables of the page (main) that do not fit their frame: each one wider than its scrolling frame, or reaching past
 * the viewport's right edge, with its id or caption and how far it reaches. Hidden tables are left out.
 */
export function tablesCut(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table')]
      .filter((t) => t.getClientRects().length > 0)
      .map((t) => {
        const frame = (t.closest('.table-wrap') ?? t.parentElement).getBoundingClientRect()
        const r = t.getBoundingClientRect()
        const name = t.id || t.querySelector('caption')?.textContent.trim() || t.closest('section')?.id || 'table'
        return { name, right: Math.round(r.right), frame: Math.round(frame.right), viewport: window.innerWidth }
      })
      .filter((t) => t.right > t.frame + 1 || t.right > t.viewport),
  )
}
