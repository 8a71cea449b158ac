#!/bin/sh
# Print, as a participant sees them, the questions of BRANCH/GLOB that have no blind derivation yet.
cd "$(dirname "$0")" && /work/participant-view.py "$1" "$2" | python3 -c '
import sys, os
blocks = sys.stdin.read().split("\n## ")
for b in blocks:
    qid = b.lstrip("# ").split("\n", 1)[0].strip()
    if qid and not any(os.path.exists(p) for p in (f"derivations/{qid}.md", f"../sealed/audit-derivations/{qid}.md")): print("## " + b.lstrip("# ").rstrip() + "\n")'
