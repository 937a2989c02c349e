#!/usr/bin/env python3
"""Triage crash bundles uploaded by our native workers.

A bundle is a .tar.gz containing `meta.json`, the worker binary's build id
and a text backtrace with raw addresses.  This tool unpacks each bundle
into ./triage/<bundle>/, symbolises addresses with addr2line, groups
crashes by a signature and posts the grouped counts to the crash tracker
API (key from CRASH_TRACKER_KEY).
"""
import argparse
import collections
import hashlib
import json
import logging
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("crash_triage")
ADDR_RE = re.compile(r"#\d+\s+(0x[0-9a-f]+)", re.I)


def unpack(bundle, workdir):
    dest = workdir / bundle.name.replace(".tar.gz", "")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(dest)
    return dest


def symbolise(binary, addresses):
    if not addresses:
        return []
    cmd = ["addr2line", "-f", "-C", "-e", str(binary)] + addresses
    try:
        out = subprocess.check_output(cmd, text=True, timeout=30)
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        log.warning("addr2line failed for %s: %s", binary, exc)
        return addresses
    lines = out.splitlines()
    # addr2line -f prints function and location on alternating lines.
    return [lines[i] for i in range(0, len(lines), 2)]


def signature(frames, depth=5):
    top = [f for f in frames if f and f != "??"][:depth]
    return hashlib.sha256("|".join(top).encode()).hexdigest()[:16], top


class Triage:
    def __init__(self, binaries_dir):
        self.binaries_dir = Path(binaries_dir)
        self.groups = collections.defaultdict(lambda: {"count": 0, "frames": [], "versions": set()})

    def process(self, unpacked):
        meta = json.loads((unpacked / "meta.json").read_text())
        trace = (unpacked / "backtrace.txt").read_text(errors="replace")
        addrs = ADDR_RE.findall(trace)
        binary = self.binaries_dir / meta.get("build_id", "unknown")
        frames = symbolise(binary, addrs) if binary.exists() else addrs
        sig, top = signature(frames)
        grp = self.groups[sig]
        grp["count"] += 1
        grp["frames"] = top
        grp["versions"].add(meta.get("version", "?"))

    def report(self):
        return [
            {"signature": s, "count": g["count"], "top_frames": g["frames"],
             "versions": sorted(g["versions"])}
            for s, g in sorted(self.groups.items(), key=lambda kv: -kv[1]["count"])
        ]


def upload(api_url, key, report):
    resp = requests.post(api_url, json={"groups": report},
                         headers={"X-Api-Key": key}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("accepted", 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--workdir", type=Path, default=Path("triage"))
    ap.add_argument("--binaries", default="symbols")
    ap.add_argument("--api-url", default="https://crashes.example.com/api/v1/groups")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    triage = Triage(args.binaries)
    for bundle in args.bundles:
        try:
            triage.process(unpack(bundle, args.workdir))
        except (tarfile.TarError, OSError, json.JSONDecodeError) as exc:
            log.error("skipping %s: %s", bundle, exc)

    report = triage.report()
    for grp in report[:10]:
        log.info("%5d  %s  %s", grp["count"], grp["signature"], " < ".join(grp["top_frames"][:3]))

    if args.no_upload:
        json.dump(report, sys.stdout, indent=2)
        return 0
    key = os.environ.get("CRASH_TRACKER_KEY")
    if not key:
        log.error("CRASH_TRACKER_KEY not set; use --no-upload to only print")
        return 2
    log.info("tracker accepted %d groups", upload(args.api_url, key, report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
