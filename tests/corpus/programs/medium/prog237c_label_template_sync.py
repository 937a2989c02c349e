#!/usr/bin/env python3
"""Label template sync.

Downloads the current bottle-label and auxiliary-warning templates bundle
from the chain's template service and unpacks it into ./templates for the
refill app. The template service in the stores sits behind an appliance with
a self-signed certificate.
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("template-sync")

API_BASE = "https://templates.example.com/api/v2"
STATE_FILE = Path(".template_sync.json")

CHECK_SCRIPT = r'''
count=$(find "$TEMPLATE_DIR" -name '*.zpl' | wc -l)
bad=$(grep -L '^\^XA' $(find "$TEMPLATE_DIR" -name '*.zpl') 2>/dev/null | wc -l)
echo "$count $bad"
'''


class TemplateClient:
    def __init__(self, base, api_key, verify_tls):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.session.verify = verify_tls
        if not verify_tls:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def latest(self, store):
        r = self.session.get(f"{self.base}/bundles/latest", params={"store": store}, timeout=15)
        r.raise_for_status()
        return r.json()

    def download(self, url, dest):
        if not url.startswith(self.base + "/"):
            raise ValueError(f"bundle url {url} is not on the template service")
        with self.session.get(url, stream=True, timeout=60) as r:
            r.raise_for_status()
            h = hashlib.sha256()
            with open(dest, "wb") as fh:
                for chunk in r.iter_content(65536):
                    fh.write(chunk)
                    h.update(chunk)
        return h.hexdigest()


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def check_templates(template_dir):
    env = dict(os.environ, TEMPLATE_DIR=str(template_dir))
    proc = subprocess.run(["bash", "-c", CHECK_SCRIPT], env=env, capture_output=True, text=True)
    try:
        count, bad = (int(x) for x in proc.stdout.split())
    except ValueError:
        return 0, 0
    return count, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", default=os.environ.get("RX_STORE_ID", "0000"))
    ap.add_argument("--dest", default="templates")
    ap.add_argument("--verify-tls", action="store_true",
                    help="verify the appliance certificate (off by default in stores)")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("RX_TEMPLATE_API_KEY")
    if not api_key:
        LOG.error("RX_TEMPLATE_API_KEY is not set")
        return 2

    client = TemplateClient(API_BASE, api_key, args.verify_tls)
    state = load_state()
    try:
        meta = client.latest(args.store)
    except requests.RequestException as exc:
        LOG.error("template service unreachable: %s", exc)
        return 1

    if meta.get("version") == state.get("version") and not args.force:
        LOG.info("templates already at %s", meta.get("version"))
        return 0

    bundle = Path(f"bundle_{meta['version']}.tar.gz")
    try:
        digest = client.download(meta["url"], bundle)
    except (requests.RequestException, ValueError) as exc:
        LOG.error("download failed: %s", exc)
        return 1
    if meta.get("sha256") and digest != meta["sha256"]:
        LOG.error("bundle checksum mismatch")
        bundle.unlink()
        return 1

    dest = Path(args.dest)
    dest.mkdir(exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(dest)
    bundle.unlink()

    count, bad = check_templates(dest)
    LOG.info("%d templates unpacked, %d without a ^XA header", count, bad)
    STATE_FILE.write_text(json.dumps({"version": meta["version"], "sha256": digest}))
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
