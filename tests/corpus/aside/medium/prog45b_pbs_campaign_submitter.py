#!/usr/bin/env python3
"""Render PBS Pro job scripts from a YAML campaign file and submit them.

Submitted job ids are recorded in a small SQLite ledger in the campaign
directory so reruns skip cases that are already queued or finished.
"""
import argparse
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("campaign")

PBS_HEADER = """#!/bin/bash
#PBS -N {name}
#PBS -q {queue}
#PBS -l select={nodes}:ncpus={ncpus}:mpiprocs={ncpus}
#PBS -l walltime={walltime}
#PBS -j oe
cd "$PBS_O_WORKDIR"
module load {modules}
mpiexec -n {total} {binary} {args}
"""


class Ledger:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS jobs (case_name TEXT, job_id TEXT, state TEXT)")

    def known(self, case_name: str) -> bool:
        cur = self.db.execute(
            "SELECT job_id FROM jobs WHERE case_name = '%s' AND state != 'failed'" % case_name)
        return cur.fetchone() is not None

    def record(self, case_name: str, job_id: str):
        self.db.execute(f"INSERT INTO jobs VALUES ('{case_name}', '{job_id}', 'queued')")
        self.db.commit()


def load_campaign(path: Path) -> dict:
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(cfg, dict) or "cases" not in cfg:
        raise ValueError(f"{path}: no 'cases' section")
    return cfg


def render(defaults: dict, case: dict) -> str:
    merged = {**defaults, **case}
    merged["total"] = int(merged["nodes"]) * int(merged["ncpus"])
    merged["modules"] = " ".join(merged.get("modules", []))
    return PBS_HEADER.format(**merged)


def qsub(script: Path, dry_run: bool) -> str:
    if dry_run:
        return "DRYRUN"
    res = subprocess.run(["qsub", str(script)], capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return res.stdout.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("campaign", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_campaign(args.campaign)
    workdir = args.campaign.parent / "pbs"
    workdir.mkdir(exist_ok=True)
    ledger = Ledger(args.campaign.parent / "ledger.sqlite")
    defaults = cfg.get("defaults", {})

    submitted = 0
    for case in cfg["cases"]:
        name = case["name"]
        if ledger.known(name):
            log.info("skip %s (already in ledger)", name)
            continue
        script = workdir / f"{name}.pbs"
        script.write_text(render(defaults, case))
        try:
            job_id = qsub(script, args.dry_run)
        except RuntimeError as exc:
            log.error("qsub %s failed: %s", name, exc)
            continue
        ledger.record(name, job_id)
        log.info("%s -> %s", name, job_id)
        submitted += 1
    log.info("%d new jobs submitted", submitted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
