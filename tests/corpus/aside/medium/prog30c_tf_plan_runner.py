#!/usr/bin/env python3
"""Run `terraform plan` for every stack under ./stacks and summarise changes.

Parsed plans are cached between runs (keyed on the stack's lock file hash)
so that the CI summary step does not re-plan unchanged stacks.
"""

import argparse
import hashlib
import json
import logging
import pickle
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("tfplan")

CACHE_FILE = Path(".tfplan-cache.pkl")
TF_BIN = "terraform"


class PlanSummary:
    def __init__(self, stack, create=0, update=0, delete=0, replace=0, drifted=None):
        self.stack = stack
        self.create = create
        self.update = update
        self.delete = delete
        self.replace = replace
        self.drifted = drifted or []
        self.created_at = time.time()

    @property
    def has_changes(self):
        return any((self.create, self.update, self.delete, self.replace))

    def line(self):
        return (f"{self.stack:<30} +{self.create:<3} ~{self.update:<3} "
                f"-{self.delete:<3} ±{self.replace:<3} drift={len(self.drifted)}")


def load_cache():
    if not CACHE_FILE.exists():
        return {}
    try:
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("discarding corrupt cache: %s", exc)
        return {}


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh, protocol=pickle.HIGHEST_PROTOCOL)


def stack_fingerprint(stack_dir):
    h = hashlib.sha256()
    for f in sorted(stack_dir.glob("*.tf")) + sorted(stack_dir.glob(".terraform.lock.hcl")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def run_tf(stack_dir, *args):
    cmd = [TF_BIN, *args]
    log.debug("%s $ %s", stack_dir, " ".join(cmd))
    proc = subprocess.run(cmd, cwd=stack_dir, capture_output=True, text=True, timeout=1800)
    if proc.returncode not in (0, 2):
        raise RuntimeError(f"{' '.join(cmd)} failed in {stack_dir}: {proc.stderr.strip()[-400:]}")
    return proc


def plan_stack(stack_dir):
    run_tf(stack_dir, "init", "-input=false", "-no-color")
    run_tf(stack_dir, "plan", "-input=false", "-no-color", "-lock=false", "-out=tfplan.bin")
    shown = run_tf(stack_dir, "show", "-json", "tfplan.bin")
    plan = json.loads(shown.stdout)
    summary = PlanSummary(stack_dir.name)
    for rc in plan.get("resource_changes", []):
        actions = rc["change"]["actions"]
        if actions == ["create"]:
            summary.create += 1
        elif actions == ["update"]:
            summary.update += 1
        elif actions == ["delete"]:
            summary.delete += 1
        elif set(actions) == {"create", "delete"}:
            summary.replace += 1
    summary.drifted = [d["address"] for d in plan.get("resource_drift", [])]
    return summary


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stacks", default="stacks")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--fail-on-drift", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = {} if args.no_cache else load_cache()
    results = []
    for stack_dir in sorted(p for p in Path(args.stacks).iterdir() if p.is_dir()):
        fp = stack_fingerprint(stack_dir)
        cached = cache.get(stack_dir.name)
        if cached and cached[0] == fp:
            log.info("%s unchanged, using cached plan", stack_dir.name)
            results.append(cached[1])
            continue
        try:
            summary = plan_stack(stack_dir)
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
            log.error("%s", exc)
            continue
        cache[stack_dir.name] = (fp, summary)
        results.append(summary)

    save_cache(cache)
    for s in results:
        print(s.line())
    drift = [s for s in results if s.drifted]
    if args.fail_on_drift and drift:
        log.error("drift detected in: %s", ", ".join(s.stack for s in drift))
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
