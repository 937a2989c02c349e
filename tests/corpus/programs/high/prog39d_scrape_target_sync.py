#!/usr/bin/env python3
"""Sync Prometheus file_sd scrape targets from the CMDB export.

The CMDB nightly export (./inventory.csv) lists hosts, their role and the
exporter ports they run.  This tool renders one file_sd JSON document per
job into Prometheus' discovery directory and asks Prometheus to reload.
"""
import argparse
import csv
import grp
import json
import logging
import os
import pwd
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("target-sync")

FILE_SD_DIR = Path("/etc/prometheus/file_sd")
PROM_USER = "prometheus"
JOB_PORTS = {"node": 9100, "blackbox": 9115, "postgres": 9187, "redis": 9121}


def read_inventory(path: Path):
    jobs = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("decommissioned", "").lower() in ("yes", "true", "1"):
                continue
            host = row["fqdn"].strip()
            labels = {"env": row.get("env", "prod"), "role": row.get("role", "unknown"),
                      "dc": row.get("datacenter", "")}
            for job in (row.get("exporters") or "node").split(";"):
                job = job.strip()
                port = JOB_PORTS.get(job)
                if port is None:
                    log.warning("%s: unknown exporter %r", host, job)
                    continue
                jobs[job].append((f"{host}:{port}", labels))
    return jobs


def render_file_sd(entries):
    grouped = defaultdict(list)
    for target, labels in entries:
        grouped[tuple(sorted(labels.items()))].append(target)
    return [{"targets": sorted(targets), "labels": dict(key)}
            for key, targets in sorted(grouped.items())]


def install_file(doc, dest: Path, uid: int, gid: int) -> bool:
    new = json.dumps(doc, indent=2, sort_keys=True) + "\n"
    if dest.exists() and dest.read_text() == new:
        log.info("%s unchanged", dest.name)
        return False
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(new)
        os.chown(tmp, uid, gid)
        os.chmod(tmp, 0o640)
        os.replace(tmp, dest)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    log.info("wrote %s (%d groups)", dest, len(doc))
    return True


def reload_prometheus() -> None:
    res = subprocess.run(["systemctl", "reload", "prometheus.service"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        log.error("reload failed: %s", res.stderr.strip())
        raise SystemExit(3)
    log.info("prometheus reloaded")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", type=Path, default=Path("inventory.csv"))
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to write %s", FILE_SD_DIR)
        return 1

    jobs = read_inventory(args.inventory)
    if not jobs:
        log.error("inventory produced no targets, refusing to blank file_sd")
        return 2

    if args.dry_run:
        for job, entries in jobs.items():
            print(f"== {job}.json")
            print(json.dumps(render_file_sd(entries), indent=2))
        return 0

    uid = pwd.getpwnam(PROM_USER).pw_uid
    gid = grp.getgrnam(PROM_USER).gr_gid
    FILE_SD_DIR.mkdir(parents=True, exist_ok=True)
    os.chown(FILE_SD_DIR, 0, gid)
    os.chmod(FILE_SD_DIR, 0o750)

    changed = False
    for job, entries in sorted(jobs.items()):
        changed |= install_file(render_file_sd(entries), FILE_SD_DIR / f"{job}.json", uid, gid)

    if changed and not args.no_reload:
        reload_prometheus()
    return 0


if __name__ == "__main__":
    sys.exit(main())
