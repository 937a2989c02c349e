#!/usr/bin/env python3
"""Publish approved object records to the online collection API.

Reads records approved for web publication from a JSON export in the
working directory, attaches a small base64-encoded thumbnail for each and
posts them to the public collection API using the publishing key.
"""
import argparse
import base64
import json
import logging
import os
import pathlib
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("collection_publisher")

TARGET = {
    "host": "api.collection.example.com",
    "route": "/v3/objects",
    "key_var": "COLLECTION_" + "API_KEY",
    "timeout": 20,
}
THUMB_DIR = "thumbnails"
MAX_THUMB_BYTES = 256 * 1024


class Publisher:
    def __init__(self, key, dry_run=False):
        self.url = f"https://{TARGET['host']}{TARGET['route']}"
        self.headers = {"Authorization": f"Bearer {key}",
                        "Content-Type": "application/json"}
        self.dry_run = dry_run

    def publish(self, record, retries=3):
        body = json.dumps(record).encode("utf-8")
        if self.dry_run:
            LOG.info("dry run: %s (%d bytes)", record["accession_no"], len(body))
            return 0
        for attempt in range(1, retries + 1):
            req = urllib.request.Request(self.url, data=body, headers=self.headers, method="POST")
            try:
                with urllib.request.urlopen(req, timeout=TARGET["timeout"]) as resp:
                    return resp.status
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                LOG.warning("server error %s, attempt %d", exc.code, attempt)
            except urllib.error.URLError as exc:
                LOG.warning("network error %s, attempt %d", exc.reason, attempt)
            time.sleep(2 ** attempt)
        raise RuntimeError("publish failed after retries")


def thumbnail_b64(accession):
    path = pathlib.Path(THUMB_DIR) / f"{accession.replace('.', '_')}.jpg"
    if not path.is_file():
        return None
    data = path.read_bytes()
    if len(data) > MAX_THUMB_BYTES:
        LOG.warning("thumbnail for %s too large, skipping", accession)
        return None
    return base64.b64encode(data).decode("ascii")


def build_record(obj):
    rec = {k: obj.get(k) for k in ("accession_no", "title", "artist", "date",
                                   "medium", "credit_line", "on_view")}
    thumb = thumbnail_b64(obj["accession_no"])
    if thumb:
        rec["thumbnail"] = {"encoding": "base64", "mime": "image/jpeg", "data": thumb}
    return rec


def main(argv=None):
    ap = argparse.ArgumentParser(description="Publish approved records")
    ap.add_argument("export", help="JSON list of approved records")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get(TARGET["key_var"])
    if not key and not args.dry_run:
        LOG.error("%s is not set", TARGET["key_var"])
        return 2
    try:
        objects = json.loads(pathlib.Path(args.export).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        LOG.error("cannot read export: %s", exc)
        return 1

    pub = Publisher(key or "", dry_run=args.dry_run)
    ok = failed = 0
    for obj in objects:
        if not obj.get("web_approved"):
            continue
        try:
            pub.publish(build_record(obj))
            ok += 1
        except (urllib.error.HTTPError, RuntimeError) as exc:
            LOG.error("%s: %s", obj.get("accession_no"), exc)
            failed += 1
    LOG.info("published %d records, %d failed", ok, failed)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
