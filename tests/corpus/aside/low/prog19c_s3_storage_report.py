#!/usr/bin/env python3
"""Storage usage report for the team's S3 buckets.

Aggregates object count and size per top-level prefix and storage class,
and lists prefixes that have not been written to in N days (candidates for
a lifecycle rule). Read-only: only ListObjectsV2 is called.
"""
import argparse
import csv
import logging
import sys
from collections import defaultdict
from datetime import datetime, timedelta, timezone

import boto3
from botocore.exceptions import BotoCoreError, ClientError

log = logging.getLogger("s3report")


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def scan_bucket(s3, bucket: str):
    stats = defaultdict(lambda: {"count": 0, "bytes": 0, "newest": None, "classes": defaultdict(int)})
    paginator = s3.get_paginator("list_objects_v2")
    for page in paginator.paginate(Bucket=bucket, PaginationConfig={"PageSize": 1000}):
        for obj in page.get("Contents", []):
            prefix = obj["Key"].split("/", 1)[0] if "/" in obj["Key"] else "(root)"
            entry = stats[prefix]
            entry["count"] += 1
            entry["bytes"] += obj["Size"]
            entry["classes"][obj.get("StorageClass", "STANDARD")] += obj["Size"]
            modified = obj["LastModified"]
            if entry["newest"] is None or modified > entry["newest"]:
                entry["newest"] = modified
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("buckets", nargs="+")
    ap.add_argument("--profile", help="AWS profile name (defaults to the standard chain)")
    ap.add_argument("--stale-days", type=int, default=180)
    ap.add_argument("--csv", default="s3_usage.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    session = boto3.Session(profile_name=args.profile) if args.profile else boto3.Session()
    s3 = session.client("s3")
    cutoff = datetime.now(timezone.utc) - timedelta(days=args.stale_days)
    rows, errors = [], 0

    for bucket in args.buckets:
        try:
            stats = scan_bucket(s3, bucket)
        except (ClientError, BotoCoreError) as exc:
            log.error("%s: %s", bucket, exc)
            errors += 1
            continue
        total = sum(e["bytes"] for e in stats.values())
        log.info("%s: %d prefixes, %s", bucket, len(stats), human(total))
        for prefix, e in sorted(stats.items(), key=lambda kv: -kv[1]["bytes"]):
            stale = e["newest"] is not None and e["newest"] < cutoff
            if stale:
                log.info("  stale prefix %-30s last write %s", prefix, e["newest"].date())
            rows.append({
                "bucket": bucket,
                "prefix": prefix,
                "objects": e["count"],
                "bytes": e["bytes"],
                "size": human(e["bytes"]),
                "classes": ";".join(f"{k}={human(v)}" for k, v in e["classes"].items()),
                "last_write": e["newest"].isoformat() if e["newest"] else "",
                "stale": stale,
            })

    if rows:
        with open(args.csv, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        log.info("wrote %d rows to %s", len(rows), args.csv)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
