// What the class journeys share: a student answering the questions of their page.

/** Answers the questions of a student's page in order: each ['quick', low, high], ['squiggle' | 'fermi', program]
 * or ['blank'] ("don't know"), waiting for each answer's estimate (or its "don't know" line). */
export async function answerAll(page, answers) {
  for (const [i, [way, ...text]] of answers.entries()) {
    const q = page.getByTestId('class-question').nth(i);
    if (way === 'blank') {
      await q.getByTestId('class-dont-know').check();
      await q.getByTestId('class-check').filter({ hasText: "don't know" }).waitFor();
      continue;
    }
    await q.getByTestId(`class-way-${way}`).click();
    if (way === 'quick') {
      await q.locator('input[data-testid^="class-low-"]').fill(text[0]);
      await q.locator('input[data-testid^="class-high-"]').fill(text[1]);
    } else {
      await q.getByTestId('class-program').fill(text[0]);
    }
    await q.getByTestId('class-check').filter({ hasText: 'Your estimate' }).waitFor();
  }
}
