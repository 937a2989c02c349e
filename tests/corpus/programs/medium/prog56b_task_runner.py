#!/usr/bin/env python3
"""Tiny project task runner: reads tasks.json and runs each step in bash.

Example tasks.json:
  {"check": ["ruff check src", "mypy src"], "test": ["pytest -q -x"],
   "docs": ["sphinx-build -q docs build/html"]}
"""
import argparse
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tasks")
DEFAULT_TASKS = {
    "check": ["ruff check src", "mypy --no-color-output src"],
    "test": ["pytest -q -x --maxfail=3"],
    "clean": ["rm -rf build .pytest_cache .mypy_cache"],
}


class TaskFailed(Exception):
    def __init__(self, task, step, code):
        super().__init__(f"{task}: '{step}' exited with {code}")
        self.code = code


class Runner:
    def __init__(self, tasks, keep_going=False, dry_run=False):
        self.tasks = tasks
        self.keep_going = keep_going
        self.dry_run = dry_run
        self.timings = {}

    def run_step(self, task, step):
        LOG.info("[%s] $ %s", task, step)
        if self.dry_run:
            return
        proc = subprocess.run(["bash", "-c", "set -o pipefail; " + step],
                              cwd=Path.cwd())
        if proc.returncode != 0:
            raise TaskFailed(task, step, proc.returncode)

    def run(self, name):
        if name not in self.tasks:
            raise KeyError(name)
        started = time.monotonic()
        failures = 0
        for step in self.tasks[name]:
            try:
                self.run_step(name, step)
            except TaskFailed as exc:
                LOG.error("%s", exc)
                failures += 1
                if not self.keep_going:
                    raise
        self.timings[name] = time.monotonic() - started
        return failures


def load_tasks(path):
    if path.exists():
        with path.open() as fh:
            return json.load(fh)
    LOG.debug("no %s, using defaults", path)
    return DEFAULT_TASKS


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tasks", nargs="+")
    ap.add_argument("-f", "--file", type=Path, default=Path("tasks.json"))
    ap.add_argument("-k", "--keep-going", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    runner = Runner(load_tasks(args.file), args.keep_going, args.dry_run)
    try:
        for name in args.tasks:
            runner.run(name)
    except KeyError as exc:
        LOG.error("unknown task %s", exc)
        return 2
    except TaskFailed as exc:
        return exc.code
    for name, secs in runner.timings.items():
        LOG.info("%-10s %.1fs", name, secs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
