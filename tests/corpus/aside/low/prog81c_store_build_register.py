#!/usr/bin/env python3
"""Register a packaged build with the store partner API.

Walks the packaged build directory, splits files into 1 MiB chunks to
compute chunk keys for the depot manifest, and registers the manifest with
the store's build API on the requested branch. Upload of the chunk data is
done later by the CDN uploader using the returned upload session.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("depot-register")

API_BASE = os.environ.get("STORE_API_BASE", "https://partner-api.store.example/v3")
CHUNK = 1 << 20


def api_reachable(base):
    """Cheap DNS check so we fail fast on a misconfigured STORE_API_BASE."""
    host = urlsplit(base).hostname
    try:
        socket.getaddrinfo(host, 443)
        return True
    except (socket.gaierror, TypeError):
        return False


def chunk_keys(path):
    keys = []
    with path.open("rb") as fh:
        while True:
            block = fh.read(CHUNK)
            if not block:
                break
            keys.append(hashlib.md5(block).hexdigest())
    return keys


def build_manifest(root):
    files = []
    total = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        size = path.stat().st_size
        total += size
        files.append({
            "path": rel,
            "size": size,
            "exec": os.access(path, os.X_OK),
            "chunks": chunk_keys(path),
        })
    return {"files": files, "total_bytes": total}


def register(app_id, depot_id, branch, manifest, description, api_key):
    url = "%s/apps/%s/depots/%s/builds" % (API_BASE, app_id, depot_id)
    payload = {"branch": branch, "description": description, "manifest": manifest}
    resp = requests.post(url, json=payload, timeout=60,
                         headers={"Authorization": "Bearer " + api_key})
    if resp.status_code == 409:
        raise RuntimeError("identical build already registered")
    resp.raise_for_status()
    return resp.json()


def branch_status(app_id, branch, api_key):
    url = "%s/apps/%s/branches/%s" % (API_BASE, app_id, branch)
    resp = requests.get(url, timeout=20, headers={"Authorization": "Bearer " + api_key})
    resp.raise_for_status()
    return resp.json()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("build_dir", type=Path)
    p.add_argument("--app", required=True)
    p.add_argument("--depot", required=True)
    p.add_argument("--branch", default="beta")
    p.add_argument("--desc", default="")
    p.add_argument("--manifest-out", type=Path, default=Path("depot_manifest.json"))
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("STORE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("STORE_API_KEY is not set")
        return 2
    if not args.build_dir.is_dir():
        log.error("%s is not a directory", args.build_dir)
        return 2
    if not args.dry_run and not api_reachable(API_BASE):
        log.error("cannot resolve %s", API_BASE)
        return 2

    session = uuid.uuid4().hex[:12]
    log.info("hashing %s", args.build_dir)
    manifest = build_manifest(args.build_dir)
    manifest["session"] = session
    args.manifest_out.write_text(json.dumps(manifest, indent=1))
    log.info("%d files, %.1f MiB", len(manifest["files"]), manifest["total_bytes"] / CHUNK)

    if args.dry_run:
        log.info("dry run, manifest written to %s", args.manifest_out)
        return 0
    try:
        result = register(args.app, args.depot, args.branch, manifest,
                          args.desc or "build %s" % session, api_key)
        status = branch_status(args.app, args.branch, api_key)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("registration failed: %s", exc)
        return 1
    log.info("build %s registered on %s; upload session %s",
             result.get("build_id"), args.branch, result.get("upload_session"))
    log.info("branch %s now points at build %s", args.branch, status.get("build_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
