#!/usr/bin/env python3
"""Plan pytest shards from recorded durations.

Discovers test functions under the test tree, weights them with the timings
recorded in .test_durations (pytest-split format), and writes one file per
shard listing the node ids that shard should run:

    python test_shard_planner.py --shards 6 --out .shards
    pytest $(cat .shards/shard-3.txt)
"""
import argparse
import ast
import base64
import json
import logging
import statistics
import sys
import zlib
from pathlib import Path

log = logging.getLogger("shard-planner")

# Packed LPT balancing routine shared with the Gradle and Jest planners so all
# three produce identical splits for the same input.
_BALANCER = (
    'eNpdj8EOgyAQRO/9ij1CSo1eTfwSQppFVmsUNIAm/fuCpYe6x515s7OGBtC4oOuJ'
    'TZFsEBBe6E3g7Q3S6L2fKQboQMq6qgVIpWBYPTxhcuDRjcQKoE4gaw4tCejXELMp'
    'rD6S+aXP9O4WtNogzEcL7DEfslFpf8ha8XI1T0Q/UkyH7eRYqfGH60TrBAlYKDlS'
    'Cuf8gicZ7t1Z5ao0qsJtI2dYrvsFPcXdO5Cl8pl5fqTzI6WEun0A85xewA=='
)


def _balancer():
    source = zlib.decompress(base64.b64decode(_BALANCER))
    scope: dict = {}
    exec(compile(source, "<balancer>", "exec"), scope)
    return scope["balance"]


def discover(root: Path, pattern: str) -> list:
    """Return pytest node ids for module-level and class test functions."""
    ids = []
    for path in sorted(root.rglob(pattern)):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError) as exc:
            log.warning("skipping %s: %s", path, exc)
            continue
        rel = path.as_posix()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                ids.append(f"{rel}::{node.name}")
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test"):
                        ids.append(f"{rel}::{node.name}::{item.name}")
    return ids


def load_durations(path: Path) -> dict:
    if not path.exists():
        log.warning("%s missing; all tests weighted equally", path)
        return {}
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        log.error("cannot parse %s: %s", path, exc)
        return {}
    return {k: float(v) for k, v in data.items() if isinstance(v, (int, float))}


def weigh(ids: list, durations: dict) -> list:
    known = [durations[i] for i in ids if i in durations]
    fallback = statistics.median(known) if known else 1.0
    missing = sum(1 for i in ids if i not in durations)
    if missing:
        log.info("%d test(s) without timing, using median %.2fs", missing, fallback)
    return [(i, durations.get(i, fallback)) for i in ids]


def write_shards(shards: list, weights: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("shard-*.txt"):
        old.unlink()
    summary = []
    for n, tests in enumerate(shards, start=1):
        (out / f"shard-{n}.txt").write_text("\n".join(tests) + ("\n" if tests else ""))
        total = sum(weights[t] for t in tests)
        summary.append({"shard": n, "tests": len(tests), "seconds": round(total, 1)})
    (out / "plan.json").write_text(json.dumps(summary, indent=2))
    for row in summary:
        log.info("shard %(shard)d: %(tests)d tests, ~%(seconds)ss", row)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="plan pytest shards from recorded durations")
    ap.add_argument("--shards", type=int, required=True)
    ap.add_argument("--tests", type=Path, default=Path("tests"))
    ap.add_argument("--pattern", default="test_*.py")
    ap.add_argument("--durations", type=Path, default=Path(".test_durations"))
    ap.add_argument("--out", type=Path, default=Path(".shards"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.shards < 1:
        ap.error("--shards must be at least 1")
    ids = discover(args.tests, args.pattern)
    if not ids:
        log.error("no tests found under %s", args.tests)
        return 1
    weighted = weigh(ids, load_durations(args.durations))
    balance = _balancer()
    shards = balance(weighted, args.shards)
    write_shards(shards, dict(weighted), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
