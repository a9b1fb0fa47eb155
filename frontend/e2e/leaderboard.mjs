// The leaderboard table as the browser tests read it.

/** The texts of the board's cells in one column (td.<cls>), once "Show every column" shows the columns it hides. */
export async function columnTexts(page, cls) {
  await page.getByRole('checkbox', { name: 'Show every column' }).check()
  return page.locator(`#leaderboard-table tbody td.${cls}`).allTextContents()
}
