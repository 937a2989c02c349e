#!/usr/bin/env python3
"""Convert a tasks.json task list into a GNU Makefile in the project root.

tasks.json example:
    {
      "vars": {"PY": "python3", "SRC": "src"},
      "tasks": {
        "fmt":   {"deps": [], "run": ["$(PY) -m black $(SRC)"]},
        "test":  {"deps": ["fmt"], "run": ["$(PY) -m pytest -q"]},
        "clean": {"deps": [], "run": ["rm -rf build dist .pytest_cache"]}
      },
      "default": "test"
    }
"""
import argparse
import json
import logging
import sys
from collections import OrderedDict
from pathlib import Path

log = logging.getLogger("mkgen")

HEADER = """\
# Generated from {source} by makefile_from_tasks.py.
# Edit {source} and regenerate instead of changing this file.
SHELL := /bin/bash
.DEFAULT_GOAL := {default}
"""


class TaskGraphError(Exception):
    pass


class MakefileBuilder:
    def __init__(self, spec):
        self.vars = OrderedDict(spec.get("vars", {}))
        self.tasks = OrderedDict(spec.get("tasks", {}))
        self.default = spec.get("default") or next(iter(self.tasks), "all")

    def validate(self):
        if not self.tasks:
            raise TaskGraphError("no tasks defined")
        for name, task in self.tasks.items():
            for dep in task.get("deps", []):
                if dep not in self.tasks:
                    raise TaskGraphError(f"task '{name}' depends on unknown '{dep}'")
        self._check_cycles()

    def _check_cycles(self):
        state = {}

        def visit(node, stack):
            if state.get(node) == "done":
                return
            if state.get(node) == "active":
                raise TaskGraphError("cycle: " + " -> ".join(stack + [node]))
            state[node] = "active"
            for dep in self.tasks[node].get("deps", []):
                visit(dep, stack + [node])
            state[node] = "done"

        for name in self.tasks:
            visit(name, [])

    def render(self, source_name):
        lines = [HEADER.format(source=source_name, default=self.default)]
        for key, value in self.vars.items():
            lines.append(f"{key} ?= {value}")
        lines.append("")
        lines.append(".PHONY: " + " ".join(self.tasks))
        lines.append("")
        for name, task in self.tasks.items():
            desc = task.get("desc")
            if desc:
                lines.append(f"## {name}: {desc}")
            lines.append(f"{name}: " + " ".join(task.get("deps", [])))
            for cmd in task.get("run", []):
                lines.append("\t" + cmd)
            lines.append("")
        lines.append("help:")
        for name, task in self.tasks.items():
            lines.append(f"\t@echo '  {name:<12} {task.get('desc', '')}'")
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Generate a Makefile from tasks.json")
    ap.add_argument("spec", nargs="?", default="tasks.json")
    ap.add_argument("-o", "--output", default="Makefile")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the Makefile is out of date")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    spec_path = Path(args.spec)
    try:
        spec = json.loads(spec_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        log.error("%s not found in %s", spec_path, Path.cwd())
        return 2
    except json.JSONDecodeError as exc:
        log.error("invalid JSON in %s: %s", spec_path, exc)
        return 2

    builder = MakefileBuilder(spec)
    try:
        builder.validate()
    except TaskGraphError as exc:
        log.error("%s", exc)
        return 3

    text = builder.render(spec_path.name)
    out = Path(args.output)
    if args.check:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current != text:
            log.warning("%s is stale; rerun without --check", out)
            return 1
        log.info("%s is up to date", out)
        return 0

    out.write_text(text, encoding="utf-8")
    log.info("wrote %s with %d tasks", out, len(builder.tasks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
