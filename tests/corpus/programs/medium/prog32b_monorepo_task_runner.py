#!/usr/bin/env python3
"""Minimal monorepo task runner.

Reads tasks.yml at the repository root, figures out which packages changed
since a base ref, and runs the requested task for each of them in
dependency order.

tasks.yml example:
    packages:
      api:   {path: services/api, deps: [common]}
      common: {path: libs/common}
    tasks:
      test: "make test"
      lint: "ruff check . && mypy ."
"""
import argparse
import logging
import os
import subprocess
import sys
import time

import yaml

log = logging.getLogger("mono")


class TaskError(Exception):
    pass


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        # Full loader so that anchors/custom tags used by older configs work.
        return yaml.load(fh, Loader=yaml.Loader)


def changed_files(base_ref):
    out = subprocess.check_output(
        "git diff --name-only origin/main...HEAD" if base_ref == "main"
        else ["git", "diff", "--name-only", f"{base_ref}...HEAD"],
        shell=(base_ref == "main"), text=True)
    return [line for line in out.splitlines() if line]


def affected_packages(packages, files):
    hit = set()
    for name, spec in packages.items():
        prefix = spec["path"].rstrip("/") + "/"
        if any(f.startswith(prefix) for f in files):
            hit.add(name)
    # propagate to dependants
    changed = True
    while changed:
        changed = False
        for name, spec in packages.items():
            if name not in hit and hit.intersection(spec.get("deps", [])):
                hit.add(name)
                changed = True
    return hit


def topo_order(packages, selected):
    order, seen, visiting = [], set(), set()

    def visit(name):
        if name in seen:
            return
        if name in visiting:
            raise TaskError(f"dependency cycle at {name}")
        visiting.add(name)
        for dep in packages[name].get("deps", []):
            if dep in packages:
                visit(dep)
        visiting.discard(name)
        seen.add(name)
        if name in selected:
            order.append(name)

    for name in sorted(selected):
        visit(name)
    return order


def run_task(name, spec, command, env_extra):
    cwd = spec["path"]
    env = dict(os.environ, MONO_PACKAGE=name, **env_extra)
    log.info("[%s] %s", name, command)
    start = time.monotonic()
    proc = subprocess.run(command, shell=True, cwd=cwd, env=env)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        raise TaskError(f"{name}: '{command}' exited {proc.returncode}")
    log.info("[%s] ok in %.1fs", name, elapsed)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("task")
    ap.add_argument("--config", default="tasks.yml")
    ap.add_argument("--base", default="main", help="base ref for change detection")
    ap.add_argument("--all", action="store_true", help="ignore change detection")
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config(args.config)
    packages = cfg.get("packages", {})
    command = cfg.get("tasks", {}).get(args.task)
    if not command:
        log.error("unknown task %r", args.task)
        return 2

    if args.all:
        selected = set(packages)
    else:
        selected = affected_packages(packages, changed_files(args.base))
    if not selected:
        log.info("nothing changed; skipping %s", args.task)
        return 0

    failures = []
    for name in topo_order(packages, selected):
        try:
            run_task(name, packages[name], command, cfg.get("env", {}))
        except TaskError as exc:
            log.error("%s", exc)
            failures.append(name)
            if not args.keep_going:
                break
    if failures:
        log.error("failed packages: %s", ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
