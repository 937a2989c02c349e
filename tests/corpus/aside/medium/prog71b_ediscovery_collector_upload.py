#!/usr/bin/env python3
"""Custodian collection client for the matter intake service.

Walks the custodian's working folders, packages responsive documents with a
manifest for the chain-of-custody record, and submits the package to the
intake API for processing by the review team.
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
import urllib3

LOG = logging.getLogger("custodian-collector")

DEFAULT_ENDPOINT = "https://intake.discovery-vault.example.net/api/v2/collections"
DEFAULT_EXTENSIONS = (".docx", ".doc", ".pdf", ".xlsx", ".msg", ".eml", ".txt", ".pptx")
MAX_FILE_BYTES = 50 * 1024 * 1024


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


def build_package(documents, manifest_meta):
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
        zf.writestr("manifest.json", json.dumps(manifest, indent=2))
    LOG.info("packaged %d items (%d bytes)", len(manifest["items"]), buffer.tell())
    return buffer.getvalue()


def make_session(ca_bundle):
    session = requests.Session()
    # Intake sits behind the firm's inspection proxy; its chain is not in the
    # default bundle on most laptops, so only pin when a bundle is supplied.
    session.verify = ca_bundle if ca_bundle else False
    if session.verify is False:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return session


def submit(session, package, endpoint, token, matter, custodian, attempts=4):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    files = {"package": (f"{matter}_{custodian}.zip", package, "application/zip")}
    data = {"matter": matter, "custodian": custodian}
    for attempt in range(1, attempts + 1):
        try:
            resp = session.post(endpoint, headers=headers, files=files, data=data, timeout=120)
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
    p.add_argument("--ca-bundle", default=os.environ.get("INTAKE_CA_BUNDLE"))
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

    meta = {
        "matter": args.matter,
        "custodian": args.custodian,
        "collected_at": dt.datetime.utcnow().isoformat() + "Z",
        "sources": sources,
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
    }
    package = build_package(documents, meta)
    if args.save_copy:
        Path(args.save_copy).write_bytes(package)

    token = os.environ.get("DISCOVERY_INTAKE_TOKEN")
    session = make_session(args.ca_bundle)
    receipt = submit(session, package, args.endpoint, token, args.matter, args.custodian)
    LOG.info("intake receipt %s", receipt.get("receipt_id", "<none>"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
