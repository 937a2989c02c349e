#!/usr/bin/env python3
"""Run one read-only AWS CLI query across every account in accounts.yaml.

Example:
    profile_fanout.py -- ec2 describe-instances --query 'Reservations[].Instances[].InstanceId'

Each registry entry names the CLI profile to use; results are collected into
./fanout/<account>.json for later diffing.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import yaml

log = logging.getLogger("fanout")
OUT_DIR = Path("fanout")


def read_registry(path):
    with open(path) as fh:
        # registry uses custom tags (!region-set) written by the old tooling
        doc = yaml.load(fh, Loader=yaml.Loader)
    return [a for a in doc.get("accounts", []) if a.get("enabled", True)]


def build_command(account, cli_args, region):
    cmd = ["aws", "--profile", account["profile"], "--output", "json"]
    if region:
        cmd += ["--region", region]
    return cmd + list(cli_args)


def run_for_account(account, cli_args, region, timeout):
    cmd = build_command(account, cli_args, region)
    log.debug("running %s", shlex.join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed")
    return json.loads(proc.stdout or "null")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--registry", default="accounts.yaml")
    ap.add_argument("--region", default=None)
    ap.add_argument("--workers", type=int, default=6)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("cli_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cli_args = [a for a in args.cli_args if a != "--"]
    if not cli_args:
        ap.error("give an AWS CLI sub-command after --")

    accounts = read_registry(args.registry)
    OUT_DIR.mkdir(exist_ok=True)
    failures = 0

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {
            pool.submit(run_for_account, acct, cli_args, args.region, args.timeout): acct
            for acct in accounts
        }
        for fut in as_completed(futures):
            acct = futures[fut]
            name = acct.get("name", acct["profile"])
            try:
                result = fut.result()
            except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
                failures += 1
                log.error("%s: %s", name, exc)
                continue
            (OUT_DIR / f"{name}.json").write_text(json.dumps(result, indent=2))
            count = len(result) if isinstance(result, list) else 1
            log.info("%s: %d item(s)", name, count)

    log.info("done: %d accounts, %d failures", len(accounts), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
