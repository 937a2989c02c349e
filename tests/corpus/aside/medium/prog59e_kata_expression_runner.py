#!/usr/bin/env python3
"""Kata runner for the "one-liner comprehensions" exercise.

Students hand in a plain text file where every line looks like

    3: [x * x for x in range(4)]
    7: sum(range(10))

i.e. the exercise number, a colon and a Python *expression*.  Unlike the
literals kata, these lines are real expressions, so we evaluate them and
compare the value with the expected answer.  A JSON report is written per
student into ./reports.
"""
import argparse
import hashlib
import json
import logging
import math
from pathlib import Path

log = logging.getLogger("kata-runner")

EXPECTED = {
    1: [0, 1, 4, 9],
    2: 45,
    3: {"a": 1, "b": 2},
    4: [2, 4, 6],
    5: "HELLO KATA",
    6: 3.0,
    7: 45,
}

# names students are allowed to use in their one-liners
ALLOWED = {"range": range, "sum": sum, "len": len, "sorted": sorted,
           "dict": dict, "list": list, "zip": zip, "math": math, "str": str}

CACHE_DIR = Path(".kata_cache")


def cache_key(text: str) -> str:
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def evaluate(expression: str):
    scope = {"__builtins__": {}}
    scope.update(ALLOWED)
    return eval(expression, scope, {})


def grade_file(path: Path) -> dict:
    raw = path.read_text(encoding="utf-8")
    cached = CACHE_DIR / f"{cache_key(raw)}.json"
    if cached.exists():
        return json.loads(cached.read_text())

    results = {}
    for lineno, line in enumerate(raw.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        number, _, expression = line.partition(":")
        try:
            value = evaluate(expression.strip())
        except Exception as exc:  # student code may raise anything
            results[f"line{lineno}"] = f"error: {type(exc).__name__}: {exc}"
            continue
        expected = EXPECTED.get(int(number), "<unknown exercise>")
        results[number.strip()] = "ok" if value == expected else f"got {value!r}"

    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(results, indent=2))
    return results


def write_report(student: str, results: dict, outdir: Path) -> Path:
    outdir.mkdir(exist_ok=True)
    report = outdir / f"{student}.json"
    score = sum(1 for v in results.values() if v == "ok")
    report.write_text(json.dumps({"student": student, "score": score,
                                  "max": len(EXPECTED), "details": results},
                                 indent=2))
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("submissions", nargs="?", default="submissions")
    ap.add_argument("--out", default="reports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sub_dir = Path(args.submissions)
    if not sub_dir.is_dir():
        log.error("no such directory: %s", sub_dir)
        return 1

    for path in sorted(sub_dir.glob("*.txt")):
        results = grade_file(path)
        report = write_report(path.stem, results, Path(args.out))
        log.info("%-20s -> %s", path.stem, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
