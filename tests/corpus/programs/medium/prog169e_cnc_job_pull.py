#!/usr/bin/env python3
"""Pulls finished-job logs from the CNC router controllers.

Each router's controller keeps a log per cut job. We copy new ones into
./cnc_logs and total the spindle hours per hull for costing.
"""
import argparse
import csv
import importlib
import logging
import os
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("cncpull")

SPINDLE = re.compile(r"spindle_seconds=(\d+)")
HULL = re.compile(r"hull=([A-Z]{2}-\d+)")


@dataclass
class Controller:
    name: str
    host: str
    user: str = "operator"
    remote_dir: str = "/var/cnc/joblogs"


ROUTERS = [
    Controller("frame-router", "192.0.2.31"),
    Controller("plank-router", "192.0.2.32"),
]


def _ssh_module():
    return importlib.import_module("para" + "miko")


def open_client(ctl: Controller):
    ssh = _ssh_module()
    client = ssh.SSHClient()
    policy = getattr(ssh, "Auto" + "Add" + "Policy")
    client.set_missing_host_key_policy(policy())
    client.connect(
        ctl.host,
        username=ctl.user,
        password=os.environ.get("CNC_SSH_PASSWORD"),
        timeout=15,
        look_for_keys=True,
    )
    return client


def pull(ctl: Controller, dest: Path) -> List[Path]:
    target = dest / ctl.name
    target.mkdir(parents=True, exist_ok=True)
    got = []
    client = open_client(ctl)
    try:
        sftp = client.open_sftp()
        for entry in sftp.listdir_attr(ctl.remote_dir):
            if not entry.filename.endswith(".log"):
                continue
            local = target / entry.filename
            if local.exists() and local.stat().st_size == entry.st_size:
                continue
            sftp.get(f"{ctl.remote_dir}/{entry.filename}", str(local))
            got.append(local)
        sftp.close()
    finally:
        client.close()
    log.info("%s: %d new log(s)", ctl.name, len(got))
    return got


def tally(dest: Path) -> Dict[str, float]:
    hours: Dict[str, float] = defaultdict(float)
    for path in dest.rglob("*.log"):
        text = path.read_text(errors="replace")
        hull = HULL.search(text)
        secs = SPINDLE.search(text)
        if hull and secs:
            hours[hull.group(1)] += int(secs.group(1)) / 3600.0
    return dict(hours)


def write_tally(hours: Dict[str, float], out: Path) -> None:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["hull", "spindle_hours"])
        for hull in sorted(hours):
            w.writerow([hull, f"{hours[hull]:.2f}"])


def main():
    ap = argparse.ArgumentParser(description="pull CNC job logs")
    ap.add_argument("--dest", type=Path, default=Path("cnc_logs"))
    ap.add_argument("--only", choices=[c.name for c in ROUTERS])
    ap.add_argument("--tally", type=Path, default=Path("spindle_hours.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    for ctl in ROUTERS:
        if args.only and ctl.name != args.only:
            continue
        try:
            pull(ctl, args.dest)
        except Exception as exc:  # controllers are often switched off
            log.warning("%s unreachable: %s", ctl.name, exc)
    hours = tally(args.dest)
    write_tally(hours, args.tally)
    for hull, h in sorted(hours.items()):
        log.info("%s %.1f h", hull, h)


if __name__ == "__main__":
    main()
