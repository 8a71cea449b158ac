#!/bin/sh
# Re-read the truths at the bank branches' current heads and rebuild the section (run after the blind derivations of
# any new question are committed; new-questions.sh lists the questions that still lack one).
cd "$(dirname "$0")" || exit 1
git -C /work/main rev-parse --short bank-a > rev-bank-a && git -C /work/main rev-parse --short bank-b > rev-bank-b &&
python3 extract_truths.py "$(cat rev-bank-a)" 'assets/questions/third-*.toml' > truths-bank-a.json &&
python3 extract_truths.py "$(cat rev-bank-b)" 'sealed/public-truths.toml' > truths-bank-b.json && ./rebuild.sh
