#!/usr/bin/env python3
"""Vendor upstream Kubernetes manifests into the repository.

Reads vendor.json (a list of {name, url, sha256}) from the working
directory, downloads each manifest over HTTPS, checks its digest and
that it parses as Kubernetes YAML, and stores it under vendor/<name>.yaml.
Nothing is applied to a cluster; review the diff and commit it.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
from pathlib import Path

import requests
import yaml

logger = logging.getLogger("vendor-manifests")

DEFAULT_TIMEOUT = 20
USER_AGENT = "vendor-manifests/1.3 (+platform-team)"


class VendorError(Exception):
    pass


def load_lock(path: Path):
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VendorError(f"{path} not found")
    except json.JSONDecodeError as exc:
        raise VendorError(f"{path}: invalid JSON: {exc}")
    for entry in entries:
        missing = {"name", "url"} - set(entry)
        if missing:
            raise VendorError(f"entry {entry!r} missing {sorted(missing)}")
    return entries


def fetch(session, url, retries=3):
    last = None
    for attempt in range(1, retries + 1):
        try:
            resp = session.get(url, timeout=DEFAULT_TIMEOUT)
            resp.raise_for_status()
            return resp.content
        except requests.RequestException as exc:
            last = exc
            logger.warning("attempt %d for %s failed: %s", attempt, url, exc)
            time.sleep(2 * attempt)
    raise VendorError(f"giving up on {url}: {last}")


def summarize(content: bytes):
    kinds = {}
    for doc in yaml.safe_load_all(content):
        if not doc:
            continue
        if "kind" not in doc or "apiVersion" not in doc:
            raise VendorError("document without kind/apiVersion")
        kinds[doc["kind"]] = kinds.get(doc["kind"], 0) + 1
    return kinds


def vendor_one(session, entry, out_dir: Path, update_lock: bool):
    content = fetch(session, entry["url"])
    digest = hashlib.sha256(content).hexdigest()
    expected = entry.get("sha256")
    if expected and expected != digest:
        if not update_lock:
            raise VendorError(f"{entry['name']}: sha256 {digest} != pinned {expected}")
        logger.warning("%s: digest changed, updating lock", entry["name"])
    entry["sha256"] = digest

    kinds = summarize(content)
    target = out_dir / f"{entry['name']}.yaml"
    target.write_bytes(content)
    logger.info("%s -> %s (%s)", entry["name"], target,
                ", ".join(f"{k}x{v}" for k, v in sorted(kinds.items())))
    return digest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lock", default="vendor.json", type=Path)
    ap.add_argument("--out", default="vendor", type=Path)
    ap.add_argument("--update", action="store_true", help="accept new digests and rewrite the lock")
    ap.add_argument("--only", action="append", help="vendor only these names")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    try:
        entries = load_lock(args.lock)
    except VendorError as exc:
        logger.error("%s", exc)
        return 2

    args.out.mkdir(exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = USER_AGENT

    errors = 0
    for entry in entries:
        if args.only and entry["name"] not in args.only:
            continue
        try:
            vendor_one(session, entry, args.out, args.update)
        except VendorError as exc:
            errors += 1
            logger.error("%s", exc)

    if args.update:
        args.lock.write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
        logger.info("lock file %s updated", args.lock)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
