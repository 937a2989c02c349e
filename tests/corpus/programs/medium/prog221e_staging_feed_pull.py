#!/usr/bin/env python3
"""Pull wire-agency feed bundles from the staging ingest server.

Staging uses a self-signed certificate, so both the curl helper and the
manifest fetch skip certificate checks. Bundles are tarballs of article XML
and images, unpacked into ./feeds/<agency>/.
"""
import argparse
import json
import logging
import os
import ssl
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

LOG = logging.getLogger("feed-pull")
STAGING = "https://ingest-staging.example.com"

CURL_SCRIPT = """#!/bin/bash
set -e
curl --insecure -sS --fail --max-time 120 \\
     -H "Authorization: Bearer $FEED_TOKEN" \\
     -o "$FEED_OUT" "$FEED_URL"
stat -c %s "$FEED_OUT"
"""


class FeedClient:
    def __init__(self, base, token, timeout=30):
        self.base = base.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def manifest(self, agency):
        url = f"{self.base}/feeds/{agency}/manifest.json"
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(req, timeout=self.timeout, context=self.ctx) as resp:
            return json.load(resp)

    def download(self, url, dest):
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(CURL_SCRIPT)
            script = fh.name
        env = dict(os.environ, FEED_TOKEN=self.token, FEED_URL=url, FEED_OUT=dest)
        try:
            proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        finally:
            os.unlink(script)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "curl failed")
        return int(proc.stdout.strip() or 0)


def unpack(bundle, target):
    os.makedirs(target, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.isfile() or m.isdir()]
        tar.extractall(path=target, members=members)
    return len(members)


def pull_agency(client, agency, out_root, keep):
    try:
        manifest = client.manifest(agency)
    except (OSError, ValueError) as exc:
        LOG.error("%s: manifest failed: %s", agency, exc)
        return 0
    count = 0
    for entry in manifest.get("bundles", []):
        name = entry.get("name")
        if not name or not name.endswith(".tar.gz"):
            continue
        local = os.path.join(out_root, "_downloads", name)
        os.makedirs(os.path.dirname(local), exist_ok=True)
        try:
            size = client.download(f"{client.base}/feeds/{agency}/{name}", local)
            n = unpack(local, os.path.join(out_root, agency))
        except (RuntimeError, tarfile.TarError) as exc:
            LOG.warning("%s/%s: %s", agency, name, exc)
            continue
        LOG.info("%s/%s: %d bytes, %d entries", agency, name, size, n)
        count += 1
        if not keep:
            os.remove(local)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("agencies", nargs="+", help="e.g. wire-a wire-b")
    ap.add_argument("--base", default=STAGING)
    ap.add_argument("--out", default="./feeds")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("STAGING_FEED_TOKEN")
    if not token:
        LOG.error("STAGING_FEED_TOKEN is not set")
        return 1
    client = FeedClient(args.base, token)
    total = sum(pull_agency(client, a, args.out, args.keep) for a in args.agencies)
    LOG.info("pulled %d bundles", total)
    return 0 if total else 2


if __name__ == "__main__":
    sys.exit(main())
