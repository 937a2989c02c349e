#!/usr/bin/env python3
"""A tiny ansible-like task runner for release preparation in a checkout.

Each task is a name plus a command line; tasks run in order, with
optional `when` conditions on files and `ignore_errors`.  Output of every
task is captured into ./runs/<stamp>/<task>.log.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import yaml

LOG = logging.getLogger("task-runner")

DEFAULT_TASKS = """
- name: fetch tags
  cmd: git fetch --tags --prune
- name: show version
  cmd: git describe --tags --always
- name: build wheel
  cmd: python3 -m pip wheel --no-deps -w dist .
  when_exists: pyproject.toml
- name: list interfaces for release notes
  cmd: ip -brief address
  ignore_errors: true
- name: archive docs
  cmd: tar -czf dist/docs.tar.gz docs
  when_exists: docs
"""


@dataclass
class Task:
    name: str
    cmd: str
    when_exists: Optional[str] = None
    ignore_errors: bool = False
    env: Dict[str, str] = field(default_factory=dict)
    timeout: int = 600

    def should_run(self, workdir: Path) -> bool:
        return self.when_exists is None or (workdir / self.when_exists).exists()

    @property
    def slug(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.name.lower())


def load_tasks(path: Optional[str]) -> List[Task]:
    text = Path(path).read_text() if path else DEFAULT_TASKS
    items = yaml.safe_load(text) or []
    tasks = []
    for item in items:
        if "name" not in item or "cmd" not in item:
            raise ValueError(f"task needs name and cmd: {item!r}")
        tasks.append(Task(**item))
    return tasks


class Runner:
    def __init__(self, workdir: Path, log_root: Path, check: bool = False):
        self.workdir = workdir
        self.check = check
        self.log_dir = log_root / time.strftime("%Y%m%d-%H%M%S")

    def run_task(self, task: Task) -> int:
        if not task.should_run(self.workdir):
            LOG.info("skip  %s (condition not met)", task.name)
            return 0
        if self.check:
            LOG.info("check %s: would run %s", task.name, task.cmd)
            return 0
        self.log_dir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, **task.env)
        LOG.info("run   %s: %s", task.name, task.cmd)
        started = time.monotonic()
        with open(self.log_dir / f"{task.slug}.log", "w") as out:
            proc = subprocess.run(task.cmd, shell=True, cwd=self.workdir, env=env,
                                  stdout=out, stderr=subprocess.STDOUT,
                                  timeout=task.timeout)
        LOG.info("done  %s rc=%d in %.1fs", task.name, proc.returncode,
                 time.monotonic() - started)
        return proc.returncode

    def run_all(self, tasks: List[Task]) -> int:
        failed = 0
        for task in tasks:
            try:
                rc = self.run_task(task)
            except subprocess.TimeoutExpired:
                LOG.error("task %s timed out", task.name)
                rc = 124
            if rc != 0:
                if task.ignore_errors:
                    LOG.warning("ignoring failure of %s", task.name)
                    continue
                failed += 1
                LOG.error("stopping after failed task %s", task.name)
                break
        return failed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tasks", help="YAML task file (default: built-in list)")
    parser.add_argument("--workdir", default=".")
    parser.add_argument("--logs", default="runs")
    parser.add_argument("--check", action="store_true", help="only show what would run")
    parser.add_argument("--only", action="append", help="run only these task names")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        tasks = load_tasks(args.tasks)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("cannot load tasks: %s", exc)
        return 2
    if args.only:
        tasks = [t for t in tasks if t.name in args.only]
        LOG.info("limited to %s", ", ".join(shlex.quote(t.name) for t in tasks))
    runner = Runner(Path(args.workdir), Path(args.logs), check=args.check)
    return 1 if runner.run_all(tasks) else 0


if __name__ == "__main__":
    sys.exit(main())
