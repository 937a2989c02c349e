#!/usr/bin/env python3
"""Prune EBS snapshots according to a grandfather-father-son retention policy.

Snapshots are selected by the `backup-policy` tag; for each source volume the
newest N daily, M weekly and K monthly snapshots are kept and the rest are
deleted. Runs in dry-run mode unless --apply is given, and writes a JSON
report of what it kept and removed to the working directory.
"""
import argparse
import datetime as dt
import json
import logging
import sys
from collections import defaultdict
from pathlib import Path

import boto3
from botocore.exceptions import BotoCoreError, ClientError

LOG = logging.getLogger("ebs-pruner")


def iter_snapshots(ec2, policy):
    paginator = ec2.get_paginator("describe_snapshots")
    pages = paginator.paginate(
        OwnerIds=["self"],
        Filters=[{"Name": "tag:backup-policy", "Values": [policy]},
                 {"Name": "status", "Values": ["completed"]}],
    )
    for page in pages:
        yield from page.get("Snapshots", [])


def bucket_keys(when):
    iso = when.isocalendar()
    return {
        "daily": when.date().isoformat(),
        "weekly": f"{iso[0]}-W{iso[1]:02d}",
        "monthly": when.strftime("%Y-%m"),
    }


def select_keep(snapshots, limits):
    """Return the snapshot ids to keep for one volume."""
    keep = set()
    seen = {kind: set() for kind in limits}
    for snap in sorted(snapshots, key=lambda s: s["StartTime"], reverse=True):
        keys = bucket_keys(snap["StartTime"])
        for kind, limit in limits.items():
            if keys[kind] not in seen[kind] and len(seen[kind]) < limit:
                seen[kind].add(keys[kind])
                keep.add(snap["SnapshotId"])
    return keep


def plan(ec2, policy, limits, min_age_days):
    by_volume = defaultdict(list)
    for snap in iter_snapshots(ec2, policy):
        by_volume[snap.get("VolumeId", "unknown")].append(snap)
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=min_age_days)
    delete = []
    for volume, snaps in by_volume.items():
        keep = select_keep(snaps, limits)
        for snap in snaps:
            if snap["SnapshotId"] not in keep and snap["StartTime"] < cutoff:
                delete.append((volume, snap))
        LOG.debug("%s: %d snapshots, keeping %d", volume, len(snaps), len(keep))
    return by_volume, delete


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--region", default=None)
    ap.add_argument("--profile", default=None)
    ap.add_argument("--policy", default="standard")
    ap.add_argument("--daily", type=int, default=7)
    ap.add_argument("--weekly", type=int, default=4)
    ap.add_argument("--monthly", type=int, default=6)
    ap.add_argument("--min-age-days", type=int, default=2)
    ap.add_argument("--apply", action="store_true", help="actually delete")
    ap.add_argument("--report", default="snapshot-prune-report.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    session = boto3.Session(profile_name=args.profile, region_name=args.region)
    ec2 = session.client("ec2")
    limits = {"daily": args.daily, "weekly": args.weekly, "monthly": args.monthly}

    try:
        by_volume, delete = plan(ec2, args.policy, limits, args.min_age_days)
    except (BotoCoreError, ClientError) as exc:
        LOG.error("listing snapshots failed: %s", exc)
        return 2

    removed, errors = [], []
    for volume, snap in delete:
        sid = snap["SnapshotId"]
        if not args.apply:
            LOG.info("[dry-run] would delete %s (%s, %s)", sid, volume, snap["StartTime"].date())
            continue
        try:
            ec2.delete_snapshot(SnapshotId=sid)
            removed.append(sid)
            LOG.info("deleted %s (%s)", sid, volume)
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code")
            LOG.warning("could not delete %s: %s", sid, code)
            errors.append({"snapshot": sid, "error": code})

    report = {
        "policy": args.policy,
        "limits": limits,
        "volumes": {v: len(s) for v, s in by_volume.items()},
        "candidates": [s["SnapshotId"] for _, s in delete],
        "deleted": removed,
        "errors": errors,
        "dry_run": not args.apply,
    }
    Path(args.report).write_text(json.dumps(report, indent=2))
    LOG.info("%d candidates, %d deleted, report in %s", len(delete), len(removed), args.report)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
