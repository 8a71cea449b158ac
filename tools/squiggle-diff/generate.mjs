// Seeded random programs inside the Squiggle subset (docs/squiggle-conformance.md), for the differential check.
//
// Every program is valid Squiggle 0.10 syntax. It is built as a tree, printed with the fewest parentheses that
// Squiggle's grammar needs (plus some redundant ones), and laid out with every kind of spacing the grammar allows:
// no spaces around operators, tabs, block comments (some spanning lines), line breaks after binary and unary
// operators, after `(` and `,` and `=`, on both sides of `to`, line comments before line breaks, `;` separators,
// blank lines, and LF, CRLF or lone-CR line endings. Number literals use every form (`.5`, `5.`, `1E3`, `2.5e-3`,
// `1e+3`) and suffix (`n m % k M B G T P`, also after an exponent). A rough interval of each value keeps most
// programs valid (positive `to` bounds in order, no overflow, no division by zero), so their numbers can be
// compared; a few are left to fail on purpose (both sides must then fail).
//
// The same seed and count always give the same programs.

/** mulberry32: a small 32-bit generator, plenty for choosing programs. Returns floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Precedence levels of Squiggle 0.10's grammar, lowest first.
const TO = 1;
const ADDITIVE = 2;
const MULTIPLICATIVE = 3;
const POWER = 4;
const UNARY = 5;
const ATOM = 6;

const SUFFIXES = [
  ["n", 1e-9],
  ["m", 1e-3],
  ["%", 1e-2],
  ["k", 1e3],
  ["M", 1e6],
  ["B", 1e9],
  ["G", 1e9],
  ["T", 1e12],
  ["P", 1e15],
];

// Names a model might write, including some that are keywords elsewhere in Squiggle (`if`, `then`, `import`)
// and names that start with `to`.
const NAMES = ["x", "y", "z", "a1", "b_2", "_c", "$d", "aB", "total", "tops", "to_x", "cost", "if", "then", "import"];

const LIMIT = 1e120; // keep every likely value far from overflow

export function generate(seed, count) {
  const random = rng(seed);
  const programs = [];
  for (let i = 0; i < count; i++) programs.push(program(random));
  return programs;
}

function program(random) {
  const r = random;
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const chance = (p) => r() < p;

  // ---- values: an interval [lo, hi] that the samples stay inside (with a wide margin); `c` for exact constants.
  const constant = (c) => ({ lo: c, hi: c, c });
  const sane = (v) => Number.isFinite(v.lo) && Number.isFinite(v.hi) && Math.abs(v.lo) < LIMIT && Math.abs(v.hi) < LIMIT;
  const positive = (v) => v.lo > 0;
  const nonzero = (v) => v.lo > 0 || v.hi < 0;
  const small = (v) => v.lo > -50 && v.hi < 50;
  const exact = (a, b, f) => (a.c !== undefined && b.c !== undefined ? { c: f(a.c, b.c) } : {});
  const span = (xs) => ({ lo: Math.min(...xs), hi: Math.max(...xs) });
  const valueOf = {
    "+": (a, b) => ({ lo: a.lo + b.lo, hi: a.hi + b.hi, ...exact(a, b, (x, y) => x + y) }),
    "-": (a, b) => ({ lo: a.lo - b.hi, hi: a.hi - b.lo, ...exact(a, b, (x, y) => x - y) }),
    "*": (a, b) => ({ ...span([a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]), ...exact(a, b, (x, y) => x * y) }),
    "/": (a, b) => ({ ...span([a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi]), ...exact(a, b, (x, y) => x / y) }),
    "^": (a, b) => ({
      ...span([a.lo ** b.lo, a.lo ** b.hi, a.hi ** b.lo, a.hi ** b.hi]),
      ...exact(a, b, (x, y) => x ** y),
    }),
  };
  // A lognormal with 5th/95th percentiles lo/hi stays, all but never, inside lo/w .. hi*w with w = (hi/lo)^2.
  const lognormal = (lo, hi) => {
    const w = (hi.hi / lo.lo) ** 2;
    return { lo: lo.lo / w, hi: hi.hi * w };
  };

  // ---- tree
  const scope = []; // [{ name, v }]

  function number() {
    let mantissa = pick([
      () => String(1 + Math.floor(r() * 9)),
      () => String(1 + Math.floor(r() * 999)),
      () => `${Math.floor(r() * 10)}.${1 + Math.floor(r() * 99)}`,
      () => `.${1 + Math.floor(r() * 99)}`,
      () => `${1 + Math.floor(r() * 99)}.`,
      () => `0${1 + Math.floor(r() * 9)}`,
    ])();
    let text = mantissa;
    if (chance(0.25)) {
      const e = Math.floor(r() * 9) - 3;
      const sign = e < 0 ? "-" : pick(["", "", "+"]);
      text += `${pick(["e", "e", "E"])}${sign}${Math.abs(e)}`;
    }
    let value = parseFloat(text);
    if (chance(0.3)) {
      const [s, m] = pick(SUFFIXES);
      text += s;
      value *= m;
    }
    if (value === 0) return number();
    return { k: "num", text, lvl: ATOM, v: constant(value) };
  }

  function variable(pred) {
    const ok = scope.filter((s) => pred(s.v));
    if (!ok.length) return null;
    const s = pick(ok);
    return { k: "var", name: s.name, lvl: ATOM, v: s.v };
  }

  // An expression whose value satisfies `pred` (retrying a few times), or anything if `pred` keeps failing.
  function expr(depth, pred = () => true) {
    for (let tries = 0; tries < 12; tries++) {
      const e = expr1(depth);
      if (e && sane(e.v) && pred(e.v)) return e;
    }
    return number();
  }

  function binary(op, a, b) {
    const lvl = { "+": ADDITIVE, "-": ADDITIVE, "*": MULTIPLICATIVE, "/": MULTIPLICATIVE, "^": POWER }[op];
    return { k: "bin", op, a, b, lvl, v: valueOf[op](a.v, b.v) };
  }

  function to(depth) {
    const infix = chance(0.7);
    if (chance(0.15)) {
      // Sample vectors as bounds: `to(x, x * 10)`, valid in every sample.
      const lo = variable(positive);
      if (lo) {
        const k = number();
        if (k.v.c > 1) {
          const hi = binary("*", lo, k);
          return { k: "to", a: lo, b: hi, infix, lvl: infix ? TO : ATOM, v: lognormal(lo.v, hi.v) };
        }
      }
    }
    // At the leaves, bounds are numbers and variables only (so `to` cannot nest without end).
    const operand = (pred) => {
      if (depth > 1) return expr(depth - 1, pred);
      for (let tries = 0; tries < 12; tries++) {
        const e = (chance(0.3) && variable(pred)) || number();
        if (pred(e.v)) return e;
      }
      return number();
    };
    const a = operand((v) => v.lo > 1e-30 && v.hi < 1e30);
    const b = operand((v) => v.lo > a.v.hi * 1.0001 && v.hi < 1e30);
    if (!(b.v.lo > a.v.hi)) {
      // Bounds out of order: kept now and then, when both are exact constants (then both sides must fail).
      if (a.v.c === undefined || b.v.c === undefined || !chance(0.3)) return null;
    }
    return { k: "to", a, b, infix, lvl: infix ? TO : ATOM, v: lognormal(a.v, b.v) };
  }

  function expr1(depth) {
    if (depth <= 0 || chance(0.25)) {
      if (chance(0.4)) {
        const v = variable(() => true);
        if (v) return v;
      }
      return chance(0.2) ? to(1) : number();
    }
    const d = depth - 1;
    switch (pick(["bin", "bin", "bin", "to", "to", "neg", "call", "paren"])) {
      case "bin": {
        const op = pick(["+", "-", "*", "/", "^"]);
        if (op === "/") return binary(op, expr(d), expr(d, nonzero));
        if (op === "^") {
          if (chance(0.5)) {
            const exponent = pick(["2", "3", "0.5", "1.5", "-1", "-0.5"]);
            const num = { k: "num", text: exponent.replace("-", ""), lvl: ATOM, v: constant(Math.abs(+exponent)) };
            const e = exponent.startsWith("-") ? { k: "neg", a: num, lvl: UNARY, v: constant(+exponent) } : num;
            // Only positive whole powers take a base of either sign.
            const any = exponent === "2" || exponent === "3";
            const power = binary(op, expr(d, any ? () => true : (v) => v.lo > 1e-6), e);
            if (exponent === "2" && power.a.v.lo < 0 && power.a.v.hi > 0) power.v.lo = 0;
            return power;
          }
          return binary(op, expr(d, (v) => positive(v) && v.lo > 1e-3 && v.hi < 1e3), expr(d, small));
        }
        return binary(op, expr(d), expr(d));
      }
      case "to":
        return to(depth);
      case "neg": {
        const a = expr(d);
        return { k: "neg", a, lvl: UNARY, v: { lo: -a.v.hi, hi: -a.v.lo, ...(a.v.c !== undefined ? { c: -a.v.c } : {}) } };
      }
      case "call": {
        const f = pick(["log", "log10", "exp"]);
        if (f === "exp") {
          const a = expr(d, small);
          return { k: "call", f, a, lvl: ATOM, v: { lo: Math.exp(a.v.lo), hi: Math.exp(a.v.hi) } };
        }
        // Squiggle refuses the logarithm of a distribution with any sample at or below 1e-10 (a documented difference).
        const a = expr(d, (v) => v.lo > 1e-9);
        const log = f === "log" ? Math.log : Math.log10;
        return { k: "call", f, a, lvl: ATOM, v: { lo: log(a.v.lo), hi: log(a.v.hi) } };
      }
      default: {
        const a = expr(d);
        return { k: "paren", a, lvl: ATOM, v: a.v };
      }
    }
  }

  // ---- layout
  const comment = () => pick(["note", "a guess", "per year", "x = 1 to 2", "/* not a block */", "to"]);
  // `_`: optional spacing that stays on the line.
  const sp = () =>
    pick(["", "", "", " ", " ", " ", "  ", "\t", () => ` /* ${comment().replace("*/", "")} */ `, () => " /* two\nlines */ "]);
  const spaces = () => {
    const s = sp();
    return typeof s === "function" ? s() : s;
  };
  // A line break, maybe with a comment before it and blank lines after it.
  const newline = () => (chance(0.3) ? ` // ${comment()}` : "") + "\n" + (chance(0.15) ? "\n" : "") + (chance(0.3) ? "  " : "");
  // `_nl`: optional spacing that may break the line.
  const spNl = (p = 0.15) => (chance(p) ? spaces().trimEnd() + newline() : spaces());
  // `__nl`: required spacing (around `to`).
  const reqNl = (p = 0.15) => {
    if (chance(p)) return pick([" ", ""]) + newline();
    const s = spaces();
    return s === "" ? " " : s;
  };

  function print(e, min) {
    const wrap = e.lvl < min;
    const inner = printInner(e);
    return wrap ? `(${spNl(0.05)}${inner}${spNl(0.05)})` : inner;
  }

  function printInner(e) {
    switch (e.k) {
      case "num":
        return e.text;
      case "var":
        return e.name;
      case "paren":
        return `(${spNl(0.1)}${print(e.a, 0)}${spNl(0.1)})`;
      case "neg":
        return `-${spNl(0.05)}${print(e.a, UNARY)}`;
      case "call":
        return `${e.f}(${spNl(0.1)}${print(e.a, 0)}${spNl(0.1)})`;
      case "to":
        if (e.infix) return `${print(e.a, TO)}${reqNl()}to${reqNl()}${print(e.b, ADDITIVE)}`;
        return `to(${spNl(0.1)}${print(e.a, 0)}${spaces()},${spNl(0.1)}${print(e.b, 0)}${spNl(0.1)})`;
      case "bin": {
        // Left-associative operators take an equal level on the left; `^` is right-associative and its left side
        // binds at least as tightly as unary minus (`-2^2` is `(-2)^2` in Squiggle).
        const [left, right] = e.op === "^" ? [UNARY, POWER] : [e.lvl, e.lvl + 1];
        return `${print(e.a, left)}${spaces()}${e.op}${spNl()}${print(e.b, right)}`;
      }
    }
    throw new Error(`unknown node ${e.k}`);
  }

  // ---- statements
  const statements = [];
  const assignments = Math.floor(r() * 4);
  for (let i = 0; i < assignments; i++) {
    const value = expr(1 + Math.floor(r() * 3));
    const name = pick(NAMES);
    statements.push(`${name}${spaces()}=${spNl(0.1)}${print(value, 0)}`);
    // A reassignment shadows: only the newest value of a name is visible.
    scope.splice(0, scope.length, ...scope.filter((s) => s.name !== name), { name, v: value.v });
  }
  // The estimate: mostly uses the variables.
  let last = expr(1 + Math.floor(r() * 3));
  if (scope.length && chance(0.6)) {
    const v = variable(() => true);
    last = binary(pick(["*", "/", "+"]), last, v);
    if (last.op === "/" && !nonzero(v.v)) last = binary("*", last.a, v);
  }
  statements.push(print(last, 0));

  let text = chance(0.15) ? pick(["// model\n", "/* model */\n", "\n"]) : "";
  statements.forEach((s, i) => {
    text += s;
    if (i < statements.length - 1) {
      text += pick([newline, newline, newline, () => `${spaces()};${spaces()}`, () => `${spaces()};${newline()}`, () => `\n ;\n`])();
    }
  });
  text += pick(["", "\n", " // done", "\n\n"]);
  const eol = pick(["\n", "\n", "\n", "\n", "\r\n", "\r"]);
  return text.replaceAll("\n", eol);
}
