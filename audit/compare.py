#!/usr/bin/env python3
"""Compare blind derivations (audit/derivations/*.md) with pack truths.
Pack truth: point value, or a program of products/quotients of `to(a, b)` (lognormal, 5th/95th = a, b) and
constants, evaluated exactly in log space (the scorer's lognormal fit of the Monte Carlo p5/p95 equals it).
Usage: compare.py TRUTHS.json > table rows; TRUTHS.json maps id -> {"point": v} or {"program": text} or {"p5":..,"p95":..}."""
import json, math, re, sys, pathlib
Z = 1.6448536269514722

class LN:
    def __init__(s, mu, sd): s.mu, s.sd = mu, sd
    @staticmethod
    def c(x): return x if isinstance(x, LN) else LN(math.log(x), 0.0)
    def __mul__(s, o): o = LN.c(o); return LN(s.mu + o.mu, math.hypot(s.sd, o.sd))
    __rmul__ = __mul__
    def __truediv__(s, o): o = LN.c(o); return LN(s.mu - o.mu, math.hypot(s.sd, o.sd))
    def __rtruediv__(s, o): return LN.c(o) / s

def to(a, b): return LN((math.log(a) + math.log(b)) / 2, (math.log(b) - math.log(a)) / (2 * Z))

class MC:
    """Sample-based fallback for programs with sums or differences (fixed seed, 200,000 draws)."""
    N = 200_000
    def __init__(s, xs): s.xs = xs
    @staticmethod
    def c(x): return x if isinstance(x, MC) else MC([x] * MC.N)
    def _op(s, o, f): o = MC.c(o); return MC([f(a, b) for a, b in zip(s.xs, o.xs)])
    def __add__(s, o): return s._op(o, lambda a, b: a + b)
    def __sub__(s, o): return s._op(o, lambda a, b: a - b)
    def __mul__(s, o): return s._op(o, lambda a, b: a * b)
    def __truediv__(s, o): return s._op(o, lambda a, b: a / b)
    def __radd__(s, o): return MC.c(o) + s
    def __rsub__(s, o): return MC.c(o) - s
    __rmul__ = __mul__
    def __rtruediv__(s, o): return MC.c(o) / s

def run_mc(program):
    import random
    rng = random.Random(7)
    def mc_to(a, b):
        ln = to(a, b); return MC([math.exp(rng.gauss(ln.mu, ln.sd)) for _ in range(MC.N)])
    env = {'to': mc_to}; last = None
    for line in program.splitlines():
        line = line.split('//')[0].strip()
        if not line: continue
        m = re.match(r'^([A-Za-z_]\w*)\s*=\s*(.+)$', line)
        if m: env[m[1]] = eval(m[2], {}, env)
        else: last = MC.c(eval(line, {}, env))
    xs = sorted(last.xs); p5, p95 = xs[int(0.05 * MC.N)], xs[int(0.95 * MC.N)]
    return math.sqrt(p5 * p95), p5, p95

def run(program):
    try: return run_ln(program)
    except TypeError: return run_mc(program)

def run_ln(program):
    env = {'to': to}; last = None
    for line in program.splitlines():
        line = line.split('//')[0].strip()
        if not line: continue
        m = re.match(r'^([A-Za-z_]\w*)\s*=\s*(.+)$', line)
        if m: env[m[1]] = LN.c(eval(m[2], {}, env))
        else: last = LN.c(eval(line, {}, env))
    return math.exp(last.mu), math.exp(last.mu - Z * last.sd), math.exp(last.mu + Z * last.sd)

def pack(t):
    if 'point' in t: v = float(t['point']); return v, v, v
    if 'program' in t: return run(t['program'])
    if t.get('kind') == 'log_range':  # scored as the lognormal with the same log mean and sd (docs/pack-format.md)
        mu = (math.log(t['low']) + math.log(t['high'])) / 2
        sd = (math.log(t['high']) - math.log(t['low'])) / math.sqrt(12)
        return math.exp(mu), math.exp(mu - Z * sd), math.exp(mu + Z * sd)
    return math.sqrt(t['p5'] * t['p95']), t['p5'], t['p95']

def mine(path):
    txt = path.read_text()
    g = lambda k: float(re.search(rf'- {k}: ([^\n]+)', txt)[1].split()[0].replace(',', ''))
    lo, hi = re.search(r'- 90% interval: (\S+) – (\S+)', txt).groups()
    basis = re.search(r'- basis: (\w+)', txt)[1]
    return g('median'), float(lo), float(hi), basis

def derivation(qid):
    """The blind derivation of a question: audit/derivations/, or sealed/audit-derivations/ for the public tier."""
    root = pathlib.Path(__file__).parent
    for d in (root / 'derivations', root.parent / 'sealed' / 'audit-derivations'):
        if (d / f'{qid}.md').exists(): return d / f'{qid}.md'
    return None

def verdict(pm, plo, phi, mm, mlo, mhi):
    tol = 1.01
    centre_ok = (plo / tol <= mm <= phi * tol) or (mlo / tol <= pm <= mhi * tol)
    wp, wm = math.log(phi / plo), math.log(mhi / mlo)
    small = math.log(1.02)
    if wp < small and wm < small: wr, width_ok = 1.0, True
    elif wp < small or wm < small:
        # a point against an interval no wider than rounding-scale (±2.5%) still agrees
        wr, width_ok = (math.inf if wp < small else 0.0), max(wp, wm) < math.log(1.05)
    else: wr = wm / wp; width_ok = 0.5 <= wr <= 2
    v = 'agree' if centre_ok and width_ok else ('width differs' if centre_ok else 'centre differs')
    return mm / pm, wr, v

def fmt(x):
    if x == 0: return '0'
    a = abs(x)
    if a >= 1e12: return f'{x:.4g}'.replace('e+', ' × 10^')
    if a >= 1e9: return f'{x / 1e9:.4g} bn'
    if a >= 100: return f'{x:,.0f}'
    return f'{x:.3g}'

def iv(lo, hi): return fmt(lo) if lo == hi else f'{fmt(lo)}–{fmt(hi)}'

if __name__ == '__main__':
    truths = json.load(open(sys.argv[1]))
    for qid, t in truths.items():
        f = derivation(qid)
        if f is None: continue
        pm, plo, phi = pack(t); mm, mlo, mhi, basis = mine(f)
        cr, wr, v = verdict(pm, plo, phi, mm, mlo, mhi)
        wrs = '∞ (pack point)' if wr == math.inf else ('0 (mine point)' if wr == 0 else f'{wr:.2f}')
        print(f'| {qid} | {fmt(pm)} ({iv(plo, phi)}) | {fmt(mm)} ({iv(mlo, mhi)}) | {cr:.3f} | {wrs} | {basis.lower()} | {v} |')
