#!/usr/bin/env python3
"""Print {id: {"point": v} | {"program": text}} for the questions in BRANCH's files matching GLOB (read through git).
Run only after the blind derivations of those questions are committed."""
import fnmatch, json, subprocess, sys, tomllib
branch, pattern = sys.argv[1], sys.argv[2]
repo = '/work/main'
files = subprocess.run(['git', '-C', repo, 'ls-tree', '-r', '--name-only', branch], capture_output=True, text=True, check=True).stdout.split()
out = {}
for f in sorted(x for x in files if fnmatch.fnmatch(x, pattern)):
    doc = tomllib.loads(subprocess.run(['git', '-C', repo, 'show', f'{branch}:{f}'], capture_output=True, text=True, check=True).stdout)
    for q in doc.get('question', []):
        t = q.get('truth')
        if not t: continue
        out[q['id']] = {'point': t['value']} if t['kind'] == 'point' else ({'program': t['program']} if 'program' in t else t)
print(json.dumps(out, indent=1))
