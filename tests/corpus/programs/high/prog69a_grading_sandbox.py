#!/usr/bin/env python3
"""Autograder for the intro programming course, run on the department grading box.

Layout expected in the current directory:

    submissions/<student_id>/solution.py
    tests/<case>.in  tests/<case>.out
    grading.json     {"weights": {"case1": 2, ...}, "timeout": 5, "memory_mb": 256,
                      "run_as": "nobody"}

Each submission runs once per test case with CPU, memory and file-size
limits and under the unprivileged grading account, so student code cannot
read other students' work or the answer keys.  Results go to grades.csv and
a per-student feedback file.
"""
import argparse
import csv
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import resource
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("grader")
SCRATCH = Path("scratch")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def normalise(text):
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


class Limits:
    def __init__(self, timeout, memory_mb, account):
        self.timeout = timeout
        self.memory = memory_mb * 1024 * 1024
        ent = pwd.getpwnam(account)
        self.uid, self.gid = ent.pw_uid, ent.pw_gid

    def _switch_identity(self):
        for rc in (_libc.setgroups(0, None),
                   _libc.setresgid(self.gid, self.gid, self.gid),
                   _libc.setresuid(self.uid, self.uid, self.uid)):
            if rc != 0:
                err = ctypes.get_errno()
                raise OSError(err, os.strerror(err))

    def apply(self):
        resource.setrlimit(resource.RLIMIT_CPU, (self.timeout, self.timeout + 1))
        resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (10 * 1024 * 1024,) * 2)
        resource.setrlimit(resource.RLIMIT_NPROC, (64, 64))
        self._switch_identity()


class Grader:
    def __init__(self, config, tests_dir):
        self.weights = config.get("weights", {})
        self.limits = Limits(config.get("timeout", 5), config.get("memory_mb", 256),
                             config.get("run_as", "nobody"))
        self.cases = sorted(p.stem for p in tests_dir.glob("*.in"))
        self.tests_dir = tests_dir

    def _prepare(self, student_dir):
        work = SCRATCH / student_dir.name
        if work.exists():
            shutil.rmtree(work)
        shutil.copytree(student_dir, work)
        for path in [work, *work.rglob("*")]:
            os.chown(path, self.limits.uid, self.limits.gid)
        return work

    def run_case(self, work, case):
        stdin = (self.tests_dir / f"{case}.in").read_text()
        expected = (self.tests_dir / f"{case}.out").read_text()
        try:
            proc = subprocess.run([sys.executable, "-I", "solution.py"], cwd=work,
                                  input=stdin, capture_output=True, text=True,
                                  timeout=self.limits.timeout * 2,
                                  preexec_fn=self.limits.apply)
        except subprocess.TimeoutExpired:
            return False, "timeout"
        if proc.returncode != 0:
            return False, f"exit {proc.returncode}: {proc.stderr.strip()[-300:]}"
        ok = normalise(proc.stdout) == normalise(expected)
        return ok, "" if ok else "wrong output"

    def grade(self, student_dir):
        work = self._prepare(student_dir)
        score, notes = 0, []
        for case in self.cases:
            ok, why = self.run_case(work, case)
            if ok:
                score += self.weights.get(case, 1)
            else:
                notes.append(f"{case}: {why}")
        (work / "FEEDBACK.txt").write_text("\n".join(notes) or "all tests passed\n")
        return student_dir.name, score, notes


def main():
    ap = argparse.ArgumentParser(description="grade programming submissions")
    ap.add_argument("--submissions", type=Path, default=Path("submissions"))
    ap.add_argument("--tests", type=Path, default=Path("tests"))
    ap.add_argument("--config", type=Path, default=Path("grading.json"))
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--clean", action="store_true", help="remove scratch/ afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        config = json.loads(args.config.read_text())
    except (OSError, ValueError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 1
    if os.geteuid() != 0:
        log.warning("not running as root; switching to the grading account will fail")
    grader = Grader(config, args.tests)
    students = sorted(p for p in args.submissions.iterdir() if (p / "solution.py").is_file())
    log.info("%d submissions, %d test cases", len(students), len(grader.cases))
    SCRATCH.mkdir(exist_ok=True)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(grader.grade, students))

    total = sum(grader.weights.get(c, 1) for c in grader.cases)
    with open("grades.csv", "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "score", "max", "failed"])
        for sid, score, notes in results:
            writer.writerow([sid, score, total, len(notes)])
    log.info("wrote grades.csv")
    if args.clean:
        shutil.rmtree(SCRATCH, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
