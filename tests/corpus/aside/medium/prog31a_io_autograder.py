#!/usr/bin/env python3
"""Input/output autograder for CS1 programming labs.

For every student folder under submissions/ it runs the student's
solution.py once per test case, feeding the case's .in file on stdin and
comparing stdout to the .out file.  Results go to results.json.
"""

import argparse
import difflib
import json
import logging
import subprocess
import sys
import time
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("autograder")


@dataclass
class CaseResult:
    name: str
    passed: bool
    runtime: float
    detail: str = ""


@dataclass
class StudentResult:
    student: str
    score: float = 0.0
    cases: list = field(default_factory=list)


def normalise(text):
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def run_case(solution, case_in, expected, timeout):
    start = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, str(solution)],
            stdin=case_in.open("rb"),
            capture_output=True,
            timeout=timeout,
            cwd=solution.parent,
        )
    except subprocess.TimeoutExpired:
        return CaseResult(case_in.stem, False, timeout, "time limit exceeded")
    elapsed = time.monotonic() - start

    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        return CaseResult(case_in.stem, False, elapsed,
                          "runtime error: " + " | ".join(err))

    got = normalise(proc.stdout.decode("utf-8", "replace"))
    want = normalise(expected)
    if got == want:
        return CaseResult(case_in.stem, True, elapsed)
    diff = difflib.unified_diff(want.splitlines(), got.splitlines(),
                                "expected", "got", lineterm="", n=1)
    return CaseResult(case_in.stem, False, elapsed, "\n".join(list(diff)[:12]))


def grade_student(folder, cases, timeout):
    result = StudentResult(student=folder.name)
    solution = folder / "solution.py"
    if not solution.exists():
        log.warning("%s: no solution.py", folder.name)
        return result
    for case_in in cases:
        expected = case_in.with_suffix(".out").read_text()
        res = run_case(solution, case_in, expected, timeout)
        result.cases.append(asdict(res))
        log.debug("%s %s %s", folder.name, res.name, "ok" if res.passed else "FAIL")
    passed = sum(1 for c in result.cases if c["passed"])
    result.score = round(100.0 * passed / max(1, len(cases)), 1)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--submissions", default="submissions")
    ap.add_argument("--tests", default="tests")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--only", help="grade a single student folder")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cases = sorted(Path(args.tests).glob("*.in"))
    if not cases:
        log.error("no test cases in %s", args.tests)
        return 1

    folders = sorted(p for p in Path(args.submissions).iterdir() if p.is_dir())
    if args.only:
        folders = [f for f in folders if f.name == args.only]

    results = []
    for folder in folders:
        res = grade_student(folder, cases, args.timeout)
        log.info("%-20s %5.1f", res.student, res.score)
        results.append(asdict(res))

    Path("results.json").write_text(json.dumps(results, indent=2))
    log.info("graded %d students", len(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
