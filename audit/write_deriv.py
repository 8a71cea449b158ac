#!/usr/bin/env python3
"""Write one blind derivation per question from blocks on stdin.
Block: lines 'id:', 'median:', 'lo:', 'hi:', 'basis:' (FOUND|MEMORY), 'rule:' (pinned|world), 'source:' (repeatable), 'derivation:' (rest)."""
import sys, pathlib
out = pathlib.Path(__file__).parent / 'derivations'
out.mkdir(exist_ok=True)
for block in sys.stdin.read().split('\n---\n'):
    d, src, deriv = {}, [], []
    cur = None
    for line in block.strip().splitlines():
        k, _, v = line.partition(':')
        k = k.strip()
        if k in ('id', 'median', 'lo', 'hi', 'basis', 'rule') and cur is None:
            d[k] = v.strip()
        elif k == 'source' and cur is None:
            src.append(v.strip())
        elif k == 'derivation':
            cur = 'd'; deriv.append(v.strip())
        elif cur == 'd':
            deriv.append(line)
    if 'id' not in d:
        continue
    text = (f"# {d['id']}\n\n- median: {d['median']}\n- 90% interval: {d['lo']} – {d['hi']}\n"
            f"- basis: {d['basis']}\n- rule: {d.get('rule','')}\n- sources:\n" + ''.join(f"  - {s}\n" for s in src) +
            "\n## Derivation\n\n" + '\n'.join(deriv).strip() + "\n")
    (out / f"{d['id']}.md").write_text(text)
    print('wrote', d['id'])
