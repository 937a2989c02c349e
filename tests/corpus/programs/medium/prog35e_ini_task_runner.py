#!/usr/bin/env python3
"""Tiny task runner driven by tasks.ini in the project root.

    [task:lint]
    run = ruff check src tests
    [task:test]
    run = python -m pytest -q
    depends = lint
    [task:docs]
    run = sphinx-build -b html docs build/html
    cwd = .

`tasks.py test` runs lint then test; `tasks.py --list` shows what is defined.
"""
from __future__ import annotations

import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

LOGGER = logging.getLogger("tasks")
DEFAULT_INI = """\
[task:lint]
run = ruff check src tests

[task:test]
run = python -m pytest -q
depends = lint

[task:build]
run = python -m build --wheel
depends = test
"""


class TaskError(RuntimeError):
    pass


class TaskRunner:
    def __init__(self, config: configparser.ConfigParser, root: Path, dry_run: bool = False):
        self.config = config
        self.root = root
        self.dry_run = dry_run
        self.done: set[str] = set()

    @property
    def tasks(self) -> dict[str, configparser.SectionProxy]:
        return {s.split(":", 1)[1]: self.config[s] for s in self.config.sections()
                if s.startswith("task:")}

    def order(self, name: str, seen: tuple[str, ...] = ()) -> list[str]:
        if name in seen:
            raise TaskError("dependency cycle: " + " -> ".join(seen + (name,)))
        if name not in self.tasks:
            raise TaskError(f"unknown task {name!r}")
        result: list[str] = []
        for dep in self.tasks[name].get("depends", "").split():
            for item in self.order(dep, seen + (name,)):
                if item not in result:
                    result.append(item)
        result.append(name)
        return result

    def execute(self, name: str) -> None:
        section = self.tasks[name]
        argv = shlex.split(section["run"])
        cwd = (self.root / section.get("cwd", ".")).resolve()
        env = dict(os.environ)
        for key, value in section.items():
            if key.startswith("env."):
                env[key[4:].upper()] = value
        LOGGER.info("[%s] %s", name, " ".join(argv))
        if self.dry_run:
            return
        started = time.monotonic()
        completed = subprocess.run(argv, cwd=cwd, env=env)
        elapsed = time.monotonic() - started
        if completed.returncode != 0:
            raise TaskError(f"task {name} failed with exit code {completed.returncode}")
        LOGGER.info("[%s] ok in %.1fs", name, elapsed)

    def run(self, targets: list[str]) -> None:
        for target in targets:
            for name in self.order(target):
                if name not in self.done:
                    self.execute(name)
                    self.done.add(name)


def load_config(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
    if path.exists():
        parser.read(path)
    else:
        LOGGER.warning("%s not found, using built-in defaults", path)
        parser.read_string(DEFAULT_INI)
    return parser


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("targets", nargs="*", default=["test"])
    ap.add_argument("-f", "--file", type=Path, default=Path("tasks.ini"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    runner = TaskRunner(load_config(args.file), args.file.resolve().parent, args.dry_run)
    if args.list:
        for name, section in sorted(runner.tasks.items()):
            print(f"{name:12} {section['run']}")
        return 0
    try:
        runner.run(args.targets)
    except (TaskError, FileNotFoundError) as exc:
        LOGGER.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        LOGGER.error("interrupted")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
