#!/usr/bin/env python3
"""Unpack homework tarballs and run the reference test-suite against each.

The LMS export gives one <student>.tar.gz per submission in ./inbox.  Each is
unpacked into ./work/<student>/, the course tests from ./tests are copied in
and pytest is run with a time limit.  Results go to results.csv.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
import tarfile as tf
from pathlib import Path

log = logging.getLogger("unpack")


class Submission:
    def __init__(self, archive: Path, workroot: Path):
        self.archive = archive
        self.student = archive.name.split(".")[0]
        self.workdir = workroot / self.student
        self.status = "pending"
        self.passed = 0
        self.failed = 0

    def unpack(self) -> None:
        if self.workdir.exists():
            shutil.rmtree(self.workdir)
        self.workdir.mkdir(parents=True)
        with tf.open(self.archive, mode="r:*") as bundle:
            bundle.extractall(path=self.workdir)

    def add_tests(self, tests: Path) -> None:
        shutil.copytree(tests, self.workdir / "tests", dirs_exist_ok=True)

    def run_tests(self, timeout: int) -> None:
        cmd = [sys.executable, "-m", "pytest", "-q", "--tb=no", "tests"]
        try:
            proc = subprocess.run(cmd, cwd=self.workdir, capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            self.status = "timeout"
            return
        self.status = "ok" if proc.returncode == 0 else "failures"
        for word, attr in (("passed", "passed"), ("failed", "failed")):
            for token in proc.stdout.split(","):
                token = token.strip()
                if token.endswith(word) and token.split()[0].isdigit():
                    setattr(self, attr, int(token.split()[0]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", default="inbox")
    ap.add_argument("--work", default="work")
    ap.add_argument("--tests", default="tests")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--out", default="results.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    inbox, tests = Path(args.inbox), Path(args.tests)
    if not inbox.is_dir() or not tests.is_dir():
        log.error("need ./%s and ./%s", inbox, tests)
        return 1

    subs = [Submission(p, Path(args.work)) for p in sorted(inbox.glob("*.tar*"))]
    for sub in subs:
        try:
            sub.unpack()
            sub.add_tests(tests)
            sub.run_tests(args.timeout)
        except (tf.TarError, OSError) as exc:
            sub.status = f"broken: {exc}"
        log.info("%-20s %-10s %d passed / %d failed",
                 sub.student, sub.status, sub.passed, sub.failed)

    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "status", "passed", "failed"])
        for sub in subs:
            writer.writerow([sub.student, sub.status, sub.passed, sub.failed])
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
