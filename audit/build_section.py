#!/usr/bin/env python3
"""Build the 'Blind audit of the questions added in issue 27' section of docs/truth-audit.md.
Args: pairs of GROUP-TITLE TRUTHS.json RESOLUTIONS.tsv. Rows come from compare.py; the section replaces any previous one."""
import math, pathlib, sys, collections
sys.path.insert(0, str(pathlib.Path(__file__).parent))
import compare, json

HEAD = '## Blind audit of the questions added in issue 27'
root = pathlib.Path(__file__).parent.parent
ders = pathlib.Path(__file__).parent / 'derivations'
groups, counts, basis_counts, n_total = [], collections.Counter(), collections.Counter(), 0
sealed_rows = []
args = sys.argv[1:]
for i in range(0, len(args), 3):
    title, tj, rt = args[i:i + 3]
    sealed = title.startswith('sealed:')
    title = title.removeprefix('sealed:')
    truths = json.load(open(tj))
    res = dict(l.rstrip('\n').split('\t', 1) for l in open(rt) if '\t' in l) if pathlib.Path(rt).exists() else {}
    rows = []
    for qid, t in truths.items():
        f = compare.derivation(qid)
        if f is None: continue
        pm, plo, phi = compare.pack(t); mm, mlo, mhi, basis = compare.mine(f)
        cr, wr, v = compare.verdict(pm, plo, phi, mm, mlo, mhi)
        wrs = '∞ (pack a point)' if wr == math.inf else ('0 (blind a point)' if wr == 0 else f'{wr:.2f}')
        counts[v] += 1; basis_counts[basis.lower()] += 1; n_total += 1
        full = (f'| `{qid}` | {compare.fmt(pm)} ({compare.iv(plo, phi)}) | {compare.fmt(mm)} ({compare.iv(mlo, mhi)}) '
                f'| {cr:.3f} | {wrs} | {basis.lower()} | {v} | {res.get(qid, "—")} |')
        if sealed:  # the public tier's truths stay out of docs: only the verdict here, the row in sealed/
            sealed_rows.append(full)
            full = f'| `{qid}` | sealed | sealed | — | — | {basis.lower()} | {v} | see `sealed/truth-audit-public.md` |'
        rows.append(full)
    groups.append((title, len(truths), rows))

out = [HEAD, '', pathlib.Path(__file__).with_name('section-intro.md').read_text().strip(), '']
for title, n, rows in groups:
    out += [f'### {title} ({len(rows)} of {n} audited)', '',
            '| id | pack median (90%) | blind median (90%) | centre ratio | width ratio | basis | verdict | resolution |',
            '| --- | --- | --- | --- | --- | --- | --- | --- |', *rows, '']
out += ['### Summary', '',
        f'- Audited: {n_total} questions. Verdicts: {counts["agree"]} agree, {counts["width differs"]} width differs, '
        f'{counts["centre differs"]} centre differs.',
        f'- Basis of the blind derivation: {basis_counts["found"]} found (a source read for this audit), '
        f'{basis_counts["memory"]} memory.', '']
summary = pathlib.Path(__file__).with_name('section-summary.md')
if summary.exists(): out += [summary.read_text().strip(), '']
if sealed_rows:
    (root / 'sealed' / 'truth-audit-public.md').write_text(
        '# Blind audit of the public-tier questions (sealed)\n\nThe rows of the public tier for the section "Blind audit of the '
        'questions added in issue 27" of docs/truth-audit.md (method there). They show the sealed truths, so they are kept '
        'here beside `sealed/public-truths.toml` and out of docs; the blind derivations are in `sealed/audit-derivations/`.\n\n'
        '| id | pack median (90%) | blind median (90%) | centre ratio | width ratio | basis | verdict | resolution |\n'
        '| --- | --- | --- | --- | --- | --- | --- | --- |\n' + '\n'.join(sealed_rows) + '\n')
doc = root / 'docs' / 'truth-audit.md'
text = doc.read_text()
k = text.find(HEAD)
if k < 0:
    text = text.rstrip('\n') + '\n\n' + '\n'.join(out).rstrip('\n') + '\n'
else:  # replace this section only, up to the next top-level heading
    end = text.find('\n## ', k + len(HEAD))
    rest = text[end + 1:] if end >= 0 else ''
    text = text[:k] + '\n'.join(out).rstrip('\n') + '\n' + ('\n' + rest if rest else '')
doc.write_text(text)
print(n_total, dict(counts), dict(basis_counts))
