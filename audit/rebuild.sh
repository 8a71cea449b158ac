#!/bin/sh
# Rebuild the audit section of docs/truth-audit.md from the committed derivations and the extracted truths.
cd "$(dirname "$0")" && python3 build_section.py \
  "The 46 questions added in the previous round (more-*.toml on land)" truths-more.json resolutions-more.tsv \
  "New third-round questions of bank-a (third-*.toml, commit $(cat rev-bank-a))" truths-bank-a.json resolutions-bank-a.tsv \
  "sealed:New public-tier questions of bank-b (sealed truths, commit $(cat rev-bank-b))" truths-bank-b.json resolutions-bank-b.tsv
