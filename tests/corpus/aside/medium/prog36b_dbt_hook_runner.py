#!/usr/bin/env python3
"""Run dbt with project-local Python pre/post hooks.

dbt itself only supports SQL hooks.  Our analytics repo keeps small Python
snippets under ``hooks/<phase>/*.py`` (e.g. to refresh a seed from a
spreadsheet export or to tag the run in the audit table).  This wrapper
executes those snippets in a shared namespace around ``dbt build``.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("dbt-hooks")

PHASES = ("pre", "post")


class HookFailure(RuntimeError):
    pass


def load_settings(project_dir: Path) -> dict:
    cfg_file = project_dir / "hooks" / "hooks.yml"
    if not cfg_file.exists():
        return {"enabled": True, "order": {}}
    with cfg_file.open() as fh:
        return yaml.safe_load(fh) or {}


def discover(project_dir: Path, phase: str, settings: dict) -> list:
    folder = project_dir / "hooks" / phase
    if not folder.is_dir():
        return []
    found = sorted(folder.glob("*.py"))
    explicit = settings.get("order", {}).get(phase)
    if explicit:
        by_name = {p.stem: p for p in found}
        return [by_name[n] for n in explicit if n in by_name]
    return found


def run_hook(path: Path, namespace: dict) -> None:
    source = path.read_text(encoding="utf-8")
    code = compile(source, str(path), "exec")
    started = time.perf_counter()
    try:
        exec(code, namespace)
    except Exception as exc:
        raise HookFailure(f"{path.name}: {exc}") from exc
    log.info("hook %s finished in %.2fs", path.name, time.perf_counter() - started)


def run_dbt(project_dir: Path, target: str, select: str, extra: list) -> int:
    cmd = ["dbt", "build", "--project-dir", str(project_dir), "--target", target]
    if select:
        cmd += ["--select", select]
    cmd += extra
    log.info("running: %s", " ".join(cmd))
    proc = subprocess.run(cmd, cwd=project_dir, check=False)
    return proc.returncode


def read_run_results(project_dir: Path) -> dict:
    path = project_dir / "target" / "run_results.json"
    if not path.exists():
        return {}
    with path.open() as fh:
        data = json.load(fh)
    statuses = {}
    for result in data.get("results", []):
        statuses[result["status"]] = statuses.get(result["status"], 0) + 1
    return statuses


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project-dir", type=Path, default=Path.cwd())
    ap.add_argument("--target", default=os.environ.get("DBT_TARGET", "dev"))
    ap.add_argument("--select", default="")
    ap.add_argument("--skip-hooks", action="store_true")
    ap.add_argument("dbt_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    settings = load_settings(args.project_dir)
    hooks_on = settings.get("enabled", True) and not args.skip_hooks
    namespace = {"__name__": "dbt_hook", "project_dir": args.project_dir,
                 "target": args.target, "log": log}

    if hooks_on:
        for hook in discover(args.project_dir, "pre", settings):
            try:
                run_hook(hook, namespace)
            except HookFailure as exc:
                log.error("pre-hook failed, aborting: %s", exc)
                return 3

    rc = run_dbt(args.project_dir, args.target, args.select, args.dbt_args)
    namespace["dbt_returncode"] = rc
    namespace["run_results"] = read_run_results(args.project_dir)
    log.info("dbt exited %s, results %s", rc, namespace["run_results"])

    if hooks_on:
        for hook in discover(args.project_dir, "post", settings):
            try:
                run_hook(hook, namespace)
            except HookFailure as exc:
                log.warning("post-hook failed: %s", exc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
