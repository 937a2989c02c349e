#!/usr/bin/env python3
"""backup_retention_planner - grandfather-father-son plan for local dump archives.

Looks at ./backups/<db>-YYYYmmddTHHMMSSZ.dump.gz, groups them per database
and decides which ones a GFS policy keeps (N daily, N weekly, N monthly).
Nothing is deleted: the plan is printed and written to retention_plan.json
for the nightly job to act on after review.  Optionally confirms with a HEAD
request that every archive scheduled for expiry also exists in the vault.

    ./backup_retention_planner.py --daily 7 --weekly 4 --monthly 6 \
        --vault-url https://vault-backup.internal:8443/api/v1/objects
"""
import argparse
import datetime as dt
import json
import logging
import re
import shutil
import sys
import urllib.request
from collections import defaultdict
from pathlib import Path
from urllib.error import HTTPError, URLError

log = logging.getLogger("retention")

NAME_RE = re.compile(r"^(?P<db>[A-Za-z0-9_]+)-(?P<ts>\d{8}T\d{6}Z)\.dump\.gz$")
SCRATCH = Path(".retention_cache")


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            k, _, v = line.partition("=")
            info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def scan(directory):
    groups = defaultdict(list)
    for p in Path(directory).glob("*.dump.gz"):
        m = NAME_RE.match(p.name)
        if not m:
            log.debug("ignoring %s", p.name)
            continue
        ts = dt.datetime.strptime(m["ts"], "%Y%m%dT%H%M%SZ").replace(tzinfo=dt.timezone.utc)
        groups[m["db"]].append((ts, p))
    for db in groups:
        groups[db].sort(reverse=True)
    return groups


def gfs_keep(entries, daily, weekly, monthly):
    keep, buckets = set(), {"d": set(), "w": set(), "m": set()}
    limits = {"d": daily, "w": weekly, "m": monthly}
    for ts, path in entries:
        keys = {"d": ts.date(), "w": ts.isocalendar()[:2], "m": (ts.year, ts.month)}
        for kind, key in keys.items():
            if key not in buckets[kind] and len(buckets[kind]) < limits[kind]:
                buckets[kind].add(key)
                keep.add(path)
    return keep


def in_vault(vault_url, name):
    req = urllib.request.Request(f"{vault_url.rstrip('/')}/{name}", method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status == 200
    except HTTPError as exc:
        return exc.code != 404 and None
    except URLError:
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default="backups")
    ap.add_argument("--daily", type=int, default=7)
    ap.add_argument("--weekly", type=int, default=4)
    ap.add_argument("--monthly", type=int, default=6)
    ap.add_argument("--vault-url")
    ap.add_argument("--output", default="retention_plan.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if SCRATCH.exists():
        shutil.rmtree(SCRATCH)

    plan = {"generated": dt.datetime.now(dt.timezone.utc).isoformat(),
            "host_os": os_release(), "policy": vars(args), "databases": {}}
    total_expire = 0
    for db, entries in sorted(scan(args.dir).items()):
        keep = gfs_keep(entries, args.daily, args.weekly, args.monthly)
        expire = [p for _, p in entries if p not in keep]
        rows = []
        for p in expire:
            row = {"file": p.name, "bytes": p.stat().st_size}
            if args.vault_url:
                row["in_vault"] = in_vault(args.vault_url, p.name)
                if row["in_vault"] is not True:
                    log.warning("%s: not confirmed in vault, keep it", p.name)
            rows.append(row)
        plan["databases"][db] = {"keep": sorted(p.name for p in keep), "expire": rows}
        total_expire += len(rows)
        print(f"{db:20} keep={len(keep):3d} expire={len(rows):3d} "
              f"reclaim={sum(r['bytes'] for r in rows) / 2**30:.1f} GiB")

    Path(args.output).write_text(json.dumps(plan, indent=2, default=str) + "\n")
    log.info("%d archive(s) eligible for expiry, plan in %s", total_expire, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
