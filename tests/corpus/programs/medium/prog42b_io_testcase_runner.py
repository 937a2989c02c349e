#!/usr/bin/env python3
"""Stdin/stdout test-case runner for introductory programming labs.

Each submission is a single Python file. Test cases live in a YAML-free
directory layout: cases/<name>.in and cases/<name>.out. Every case is run as
a separate interpreter process with a wall-clock limit and the output is
compared after whitespace normalisation.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("io-runner")


@dataclass
class CaseResult:
    name: str
    passed: bool
    detail: str = ""


def normalise(text):
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def load_cases(case_dir):
    cases = []
    for inp in sorted(case_dir.glob("*.in")):
        expected = inp.with_suffix(".out")
        if not expected.exists():
            log.warning("case %s has no .out file, skipping", inp.stem)
            continue
        cases.append((inp.stem, inp.read_text(), expected.read_text()))
    return cases


def run_case(submission, stdin_text, timeout):
    with tempfile.TemporaryDirectory(prefix="iorun-") as scratch:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "PYTHONHASHSEED": "0", "HOME": scratch}
        proc = subprocess.run(
            [sys.executable, "-I", str(submission.resolve())],
            input=stdin_text, capture_output=True, text=True,
            timeout=timeout, cwd=scratch, env=env,
        )
    return proc


def grade_submission(submission, cases, timeout):
    results = []
    for name, stdin_text, expected in cases:
        try:
            proc = run_case(submission, stdin_text, timeout)
        except subprocess.TimeoutExpired:
            results.append(CaseResult(name, False, f"timeout after {timeout}s"))
            continue
        if proc.returncode != 0:
            tail = proc.stderr.strip().splitlines()[-1:] or ["<no stderr>"]
            results.append(CaseResult(name, False, f"exit {proc.returncode}: {tail[0]}"))
            continue
        ok = normalise(proc.stdout) == normalise(expected)
        results.append(CaseResult(name, ok, "" if ok else "wrong output"))
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("submissions", type=Path, help="directory of <student>.py files")
    ap.add_argument("--cases", type=Path, default=Path("cases"))
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--report", type=Path, default=Path("io_results.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cases = load_cases(args.cases)
    if not cases:
        log.error("no test cases found in %s", args.cases)
        return 2

    with args.report.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "passed", "total", "failures"])
        for sub in sorted(args.submissions.glob("*.py")):
            results = grade_submission(sub, cases, args.timeout)
            passed = sum(r.passed for r in results)
            failures = "; ".join(f"{r.name}: {r.detail}" for r in results if not r.passed)
            writer.writerow([sub.stem, passed, len(results), failures])
            log.info("%-20s %d/%d", sub.stem, passed, len(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
