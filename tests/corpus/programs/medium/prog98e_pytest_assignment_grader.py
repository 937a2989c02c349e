#!/usr/bin/env python3
"""Bootcamp assignment grader.

Walks a directory of student submissions (one folder per student, as exported
by the LMS), copies the instructor test-suite into each one, runs pytest with a
wall-clock limit and records a gradebook in JSON and CSV.

    python pytest_assignment_grader.py submissions/ --tests instructor_tests \
        --out gradebook_week3
"""

import argparse
import csv
import json
import logging
import re
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("grader")

DEFAULTS = {
    "timeout": 120,
    "pytest_args": ["-q", "--tb=line", "-p", "no:cacheprovider"],
    "tests_dir": "instructor_tests",
}

SUMMARY_RE = re.compile(r"(\d+) (passed|failed|errors?|skipped)")


@dataclass
class Grade:
    student: str
    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    seconds: float = 0.0
    notes: list = field(default_factory=list)

    @property
    def score(self):
        total = self.passed + self.failed + self.errors
        return round(100.0 * self.passed / total, 1) if total else 0.0


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if not path:
        return cfg
    try:
        with open(path, encoding="utf-8") as fh:
            override = json.load(fh)
    except (OSError, ValueError) as exc:
        log.warning("ignoring config %s: %s", path, exc)
        return cfg
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(cfg.get(key), dict):
            cfg[key].update(value)
        else:
            cfg[key] = value
    return cfg


def stage_tests(submission, tests_src):
    dest = submission / "_grading_tests"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(tests_src, dest)
    return dest


def parse_summary(output, grade):
    tail = [ln for ln in output.strip().splitlines()[-5:] if " in " in ln]
    for count, kind in SUMMARY_RE.findall(" ".join(tail)):
        attr = "errors" if kind.startswith("error") else kind
        setattr(grade, attr, getattr(grade, attr) + int(count))
    if not tail:
        grade.notes.append("no pytest summary found")


def run_pytest(submission, tests, cfg):
    cmd = [sys.executable, "-m", "pytest", str(tests), *cfg["pytest_args"]]
    grade = Grade(student=submission.name)
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=submission, capture_output=True,
                              text=True, timeout=cfg["timeout"])
        parse_summary(proc.stdout + proc.stderr, grade)
        if proc.returncode not in (0, 1):
            grade.notes.append("pytest exit code %d" % proc.returncode)
    except subprocess.TimeoutExpired:
        grade.errors += 1
        grade.notes.append("timed out after %ss" % cfg["timeout"])
    grade.seconds = round(time.monotonic() - start, 2)
    return grade


def write_gradebook(grades, out_stem):
    out_stem = Path(out_stem)
    with open(out_stem.with_suffix(".json"), "w", encoding="utf-8") as fh:
        json.dump([dict(asdict(g), score=g.score) for g in grades], fh, indent=2)
    with open(out_stem.with_suffix(".csv"), "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "score", "passed", "failed", "errors", "seconds", "notes"])
        for g in grades:
            writer.writerow([g.student, g.score, g.passed, g.failed, g.errors,
                             g.seconds, "; ".join(g.notes)])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("submissions", type=Path)
    ap.add_argument("--tests", type=Path)
    ap.add_argument("--config", default="grader.json")
    ap.add_argument("--out", default="gradebook")
    ap.add_argument("--only", nargs="*", help="grade only these students")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    tests_src = args.tests or Path(cfg["tests_dir"])
    if not tests_src.is_dir():
        log.error("test suite %s not found", tests_src)
        return 2

    students = sorted(p for p in args.submissions.iterdir() if p.is_dir())
    if args.only:
        students = [p for p in students if p.name in set(args.only)]
    log.info("grading %d submissions against %s", len(students), tests_src)

    grades = []
    for sub in students:
        try:
            tests = stage_tests(sub, tests_src)
            grade = run_pytest(sub, tests, cfg)
        except OSError as exc:
            grade = Grade(student=sub.name, notes=["staging failed: %s" % exc])
        log.info("%-24s %5.1f%% (%d/%d) %.1fs", grade.student, grade.score,
                 grade.passed, grade.passed + grade.failed + grade.errors, grade.seconds)
        grades.append(grade)

    write_gradebook(grades, args.out)
    log.info("gradebook written to %s.{json,csv}", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
