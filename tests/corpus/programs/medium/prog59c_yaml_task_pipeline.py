#!/usr/bin/env python3
"""Tiny task runner driven by tasks.yml.

Each task is a shell one-liner the team used to keep in a README, e.g.

    lint:
      run: "git ls-files '*.py' | xargs -r ruff check"
    loc:
      run: "find src -name '*.py' -exec cat {} + | wc -l"
      needs: [lint]

Tasks run in dependency order; output is captured into ./build/tasks/.
"""
import argparse
import logging
import subprocess
import sys
import time
from collections import OrderedDict
from pathlib import Path

import yaml

log = logging.getLogger("tasks")
OUT_DIR = Path("build/tasks")


class Task:
    def __init__(self, name, spec):
        self.name = name
        self.run = spec["run"]
        self.needs = list(spec.get("needs", []))
        self.env = {str(k): str(v) for k, v in (spec.get("env") or {}).items()}
        self.allow_fail = bool(spec.get("allow_fail", False))


def load_tasks(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: top level must be a mapping")
    return OrderedDict((name, Task(name, spec)) for name, spec in doc.items())


def order(tasks, targets):
    seen, result = set(), []

    def visit(name, stack=()):
        if name in stack:
            raise ValueError("dependency cycle: " + " -> ".join(stack + (name,)))
        if name in seen:
            return
        if name not in tasks:
            raise KeyError(f"unknown task {name!r}")
        for dep in tasks[name].needs:
            visit(dep, stack + (name,))
        seen.add(name)
        result.append(tasks[name])

    for t in targets or list(tasks):
        visit(t)
    return result


def execute(task, base_env):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out_path = OUT_DIR / f"{task.name}.log"
    env = dict(base_env, **task.env)
    started = time.monotonic()
    with open(out_path, "w", encoding="utf-8") as out:
        proc = subprocess.run(task.run, shell=True, stdout=out, stderr=subprocess.STDOUT,
                              env=env, check=False)
    took = time.monotonic() - started
    log.info("%-12s rc=%d  %.1fs  -> %s", task.name, proc.returncode, took, out_path)
    return proc.returncode


def main():
    import os

    ap = argparse.ArgumentParser(description="run tasks from tasks.yml")
    ap.add_argument("targets", nargs="*")
    ap.add_argument("-f", "--file", default="tasks.yml")
    ap.add_argument("-l", "--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        tasks = load_tasks(args.file)
        plan = order(tasks, args.targets)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 2

    if args.list:
        for t in plan:
            print(f"{t.name:<12} {t.run}")
        return 0

    for task in plan:
        rc = execute(task, os.environ)
        if rc != 0 and not task.allow_fail:
            log.error("task %s failed; stopping", task.name)
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
