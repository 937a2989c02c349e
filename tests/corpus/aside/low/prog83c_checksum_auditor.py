#!/usr/bin/env python3
"""Checksum auditor for research dataset deposits.

Walks a dataset tree, computes SHA-256 for every payload file, compares the
result with the previous audit manifest and records drift (new, missing or
changed files).  A summary can optionally be sent to the institutional
fixity dashboard so the data stewards see all deposits in one place.

Config is read from ``fixity.ini`` in the working directory:

    [dashboard]
    host = fixity.research-data.example.org
    path = /api/v1/audits

The API token is taken from FIXITY_API_TOKEN.
"""
import argparse
import configparser
import hashlib
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("checksum_auditor")

CHUNK = 1 << 20
SKIP_DIRS = {".git", "__pycache__", ".snapshot"}


def iter_payload(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if p.is_symlink():
                log.debug("skipping symlink %s", p)
                continue
            yield p


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def build_manifest(root: Path) -> dict:
    manifest = {}
    for p in iter_payload(root):
        rel = p.relative_to(root).as_posix()
        try:
            manifest[rel] = {"sha256": sha256_of(p), "size": p.stat().st_size}
        except OSError as exc:
            log.warning("cannot read %s: %s", rel, exc)
    return manifest


def compare(old: dict, new: dict) -> dict:
    added = sorted(set(new) - set(old))
    missing = sorted(set(old) - set(new))
    changed = sorted(k for k in set(old) & set(new)
                     if old[k]["sha256"] != new[k]["sha256"])
    return {"added": added, "missing": missing, "changed": changed}


class DashboardClient:
    def __init__(self, host: str, path: str, token: str, timeout: float = 20.0):
        self.host = host
        self.path = path
        self.token = token
        self.timeout = timeout

    def submit(self, summary: dict, retries: int = 3) -> int:
        body = json.dumps(summary).encode()
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.token}",
        }
        for attempt in range(1, retries + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request("POST", self.path, body=body, headers=headers)
                resp = conn.getresponse()
                resp.read()
                if resp.status < 500:
                    return resp.status
                log.warning("dashboard returned %s (attempt %d)", resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("dashboard unreachable (attempt %d): %s", attempt, exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        return -1


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({"dashboard": {"host": "", "path": "/api/v1/audits"}})
    if path.exists():
        cfg.read(path)
    return cfg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--manifest", type=Path, default=Path("audit_manifest.json"))
    ap.add_argument("--config", type=Path, default=Path("fixity.ini"))
    ap.add_argument("--no-report", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.dataset.is_dir():
        log.error("%s is not a directory", args.dataset)
        return 2

    previous = {}
    if args.manifest.exists():
        previous = json.loads(args.manifest.read_text())
    current = build_manifest(args.dataset)
    drift = compare(previous, current)
    args.manifest.write_text(json.dumps(current, indent=2, sort_keys=True))
    log.info("%d files, %d added, %d missing, %d changed", len(current),
             len(drift["added"]), len(drift["missing"]), len(drift["changed"]))

    cfg = load_config(args.config)
    host = cfg.get("dashboard", "host")
    token = os.environ.get("FIXITY_API_TOKEN")
    if args.no_report or not host or not token:
        log.info("dashboard report skipped")
        return 1 if drift["missing"] or drift["changed"] else 0

    summary = {
        "dataset": args.dataset.resolve().name,
        "auditor": socket.gethostname(),
        "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "file_count": len(current),
        "drift": drift,
    }
    status = DashboardClient(host, cfg.get("dashboard", "path"), token).submit(summary)
    log.info("dashboard status %s", status)
    return 1 if drift["missing"] or drift["changed"] else 0


if __name__ == "__main__":
    sys.exit(main())
