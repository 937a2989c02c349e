#!/usr/bin/env python3
"""Kata answer checker for the weekly "list & dict literals" exercise.

Students hand in a plain text file where every line looks like

    3: [1, 2, 3]
    7: {"a": 1, "b": 2}

i.e. the exercise number, a colon and a Python *literal*.  We parse the
literal with ast.literal_eval (never eval!), compare it with the expected
answer and write a small JSON report next to the submission.
"""
import argparse
import ast
import hashlib
import json
import logging
import os
from pathlib import Path

log = logging.getLogger("kata-checker")

EXPECTED = {
    1: [1, 2, 3],
    2: (0, 0),
    3: {"a": 1, "b": 2},
    4: {1, 2, 3},
    5: "hello kata",
    6: [[1, 2], [3, 4]],
    7: None,
}

CACHE_DIR = Path(".kata_cache")


def cache_key(text: str) -> str:
    # md5 is fine here: it only names a cache file, nothing secret
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def parse_line(line: str):
    number, _, literal = line.partition(":")
    if not literal:
        raise ValueError("missing ':' separator")
    return int(number.strip()), ast.literal_eval(literal.strip())


def grade_file(path: Path) -> dict:
    raw = path.read_text(encoding="utf-8")
    cached = CACHE_DIR / f"{cache_key(raw)}.json"
    if cached.exists():
        log.debug("cache hit for %s", path.name)
        return json.loads(cached.read_text())

    results = {}
    for lineno, line in enumerate(raw.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            number, value = parse_line(line)
        except (ValueError, SyntaxError) as exc:
            results[f"line{lineno}"] = f"unparseable: {exc}"
            continue
        expected = EXPECTED.get(number, "<unknown exercise>")
        results[str(number)] = "ok" if value == expected else f"expected {expected!r}"

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
    # grades are personal data: only the owner may read the report
    os.chmod(report, 0o600)
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
