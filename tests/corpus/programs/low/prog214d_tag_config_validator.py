#!/usr/bin/env python3
"""Validate the historian tag list before it is loaded into the collector.

Input is the tag CSV exported from the engineering workstation
(name,address,type,units,scan_ms,deadband), given as a path or piped on
stdin with "-". Output is a normalised JSON tag list, a small shell env
file that the load script sources for counts, and optionally a validation
summary posted to the config-tracking API.
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import os
import re
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("tag_validator")
NAME_RX = re.compile(r"^[A-Z][A-Z0-9_]{2,39}$")
ADDR_RX = re.compile(r"^(HR|IR|CO|DI)\d{1,5}(\.\d{1,2})?$")
TYPES = {"REAL", "INT", "DINT", "BOOL"}


class TagError(Exception):
    pass


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                k, _, v = line.strip().partition("=")
                if k:
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def validate_row(row, seen):
    name = (row.get("name") or "").strip().upper()
    if not NAME_RX.match(name):
        raise TagError(f"bad tag name {name!r}")
    if name in seen:
        raise TagError(f"duplicate tag {name}")
    addr = (row.get("address") or "").strip().upper()
    if not ADDR_RX.match(addr):
        raise TagError(f"{name}: bad address {addr!r}")
    typ = (row.get("type") or "").strip().upper()
    if typ not in TYPES:
        raise TagError(f"{name}: unknown type {typ!r}")
    scan = int(row.get("scan_ms") or 1000)
    if not 100 <= scan <= 60000:
        raise TagError(f"{name}: scan_ms {scan} out of range")
    deadband = float(row.get("deadband") or 0)
    return {"name": name, "address": addr, "type": typ,
            "units": (row.get("units") or "").strip(), "scan_ms": scan,
            "deadband": deadband}


def post_summary(url, key, summary):
    req = urllib.request.Request(url, data=json.dumps(summary).encode(),
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {key}"},
                                 method="POST")
    with urllib.request.urlopen(req, timeout=15) as resp:
        LOG.info("summary posted: HTTP %s", resp.status)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="tag CSV path, or - for stdin")
    ap.add_argument("--out-dir", default=os.environ.get("TAG_OUT_DIR", "./out"))
    ap.add_argument("--post", action="store_true",
                    help="post summary to the config-tracking API")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    text = sys.stdin.read() if args.csv == "-" else Path(args.csv).read_text()
    cache_key = hashlib.md5(text.encode()).hexdigest()
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    out_json = out_dir / f"tags_{cache_key[:12]}.json"
    if out_json.exists():
        LOG.info("unchanged input, reusing %s", out_json)

    tags, errors, seen = [], [], set()
    for lineno, row in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        try:
            tag = validate_row(row, seen)
        except (TagError, ValueError) as exc:
            errors.append(f"line {lineno}: {exc}")
            continue
        seen.add(tag["name"])
        tags.append(tag)

    for e in errors:
        LOG.warning("%s", e)
    out_json.write_text(json.dumps({"source_md5": cache_key, "tags": tags},
                                   indent=1))
    os.chmod(out_json, 0o600)
    env_file = out_dir / "tags.env"
    env_file.write_text(f"TAG_COUNT={len(tags)}\nTAG_ERRORS={len(errors)}\n"
                        f"TAG_FILE='{out_json.resolve()}'\n")
    LOG.info("%d valid tags, %d errors -> %s", len(tags), len(errors), out_json)

    if args.post:
        url = os.environ.get("CONFIG_API_URL",
                             "https://config.example.org/api/v1/tag-validations")
        key = os.environ.get("CONFIG_API_KEY")
        if not (url and key):
            LOG.error("CONFIG_API_KEY must be set")
            return 2
        try:
            post_summary(url, key, {"md5": cache_key, "valid": len(tags),
                                    "errors": errors[:50], "os": os_release()})
        except OSError as exc:
            LOG.error("post failed: %s", exc)
            return 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
