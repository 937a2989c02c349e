#!/usr/bin/env python3
"""Grade stdin/stdout programming exercises (CS101 weekly labs).

Submissions arrive as one archive per student (submissions/<id>.tar.gz)
containing solution.py.  Test cases are stored in a pickled fixture file
produced by the course's case generator (cases/<exercise>.pkl): a list of
(name, stdin_text, expected_stdout, points) tuples.
"""
from __future__ import annotations

import argparse
import csv
import logging
import pickle
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("iograder")

WORK_ROOT = Path("grading_work")


@dataclass
class CaseResult:
    name: str
    points: float
    earned: float
    detail: str


def load_cases(exercise: str) -> list[tuple]:
    fixture = Path("cases") / f"{exercise}.pkl"
    with fixture.open("rb") as fh:
        cases = pickle.load(fh)
    log.info("loaded %d cases from %s", len(cases), fixture)
    return cases


def unpack(archive: Path) -> Path:
    dest = WORK_ROOT / archive.name.split(".")[0]
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(dest)
    return dest


def normalise(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip().splitlines()]


def run_case(solution: Path, stdin_text: str, timeout: float) -> tuple[str, str, int]:
    proc = subprocess.run(
        [sys.executable, "-I", solution.name],
        input=stdin_text,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=solution.parent,
    )
    return proc.stdout, proc.stderr, proc.returncode


def grade_one(archive: Path, cases: list[tuple], timeout: float) -> list[CaseResult]:
    workdir = unpack(archive)
    candidates = list(workdir.rglob("solution.py"))
    if not candidates:
        return [CaseResult("missing", sum(c[3] for c in cases), 0, "no solution.py in archive")]
    solution = candidates[0]
    results = []
    for name, stdin_text, expected, points in cases:
        start = time.monotonic()
        try:
            out, err, rc = run_case(solution, stdin_text, timeout)
        except subprocess.TimeoutExpired:
            results.append(CaseResult(name, points, 0, f"timeout after {timeout}s"))
            continue
        elapsed = time.monotonic() - start
        if rc != 0:
            last = err.strip().splitlines()[-1:] or ["?"]
            results.append(CaseResult(name, points, 0, f"exit {rc}: {last[0][:120]}"))
        elif normalise(out) == normalise(expected):
            results.append(CaseResult(name, points, points, f"ok ({elapsed:.2f}s)"))
        else:
            results.append(CaseResult(name, points, 0, "wrong output"))
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exercise", help="e.g. lab05_fizzbuzz")
    ap.add_argument("--submissions", type=Path, default=Path("submissions"))
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--report", type=Path, default=Path("grades.csv"))
    ap.add_argument("--keep-work", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cases = load_cases(args.exercise)
    max_points = sum(c[3] for c in cases)
    rows = []
    for archive in sorted(args.submissions.glob("*.tar*")):
        student = archive.name.split(".")[0]
        try:
            results = grade_one(archive, cases, args.timeout)
        except (tarfile.TarError, OSError) as exc:
            log.error("%s: cannot grade (%s)", student, exc)
            rows.append({"student": student, "score": 0, "max": max_points, "notes": str(exc)})
            continue
        score = sum(r.earned for r in results)
        notes = "; ".join(f"{r.name}: {r.detail}" for r in results if r.earned < r.points)
        rows.append({"student": student, "score": score, "max": max_points, "notes": notes})
        log.info("%-10s %5.1f / %.1f", student, score, max_points)

    with args.report.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["student", "score", "max", "notes"])
        writer.writeheader()
        writer.writerows(rows)
    if not args.keep_work:
        shutil.rmtree(WORK_ROOT, ignore_errors=True)
    print(f"graded {len(rows)} submission(s) -> {args.report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
