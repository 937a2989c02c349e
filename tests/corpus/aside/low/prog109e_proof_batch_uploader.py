#!/usr/bin/env python3
"""Upload customer proof images to the ProofDesk review portal.

Scans a directory of rendered mockups (PNG/JPEG), groups them by order
number (``<order>_<view>.png``) and posts one multipart request per order so
the customer receives an approval link.  Each upload is tagged with the shop
id and station name from the config file.
"""
import argparse
import configparser
import http.client
import json
import logging
import mimetypes
import os
import sys
import uuid
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("proofdesk")

DEFAULT_HOST = "api.proofdesk-review.com"
IMAGE_EXTS = {".png", ".jpg", ".jpeg", ".webp"}


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read(path)
    section = cfg["proofdesk"] if cfg.has_section("proofdesk") else {}
    return {
        "host": section.get("host", DEFAULT_HOST),
        "shop_id": section.get("shop_id", "default"),
        "station": section.get("station", "front-desk"),
    }


def group_by_order(folder):
    orders = defaultdict(list)
    for item in sorted(Path(folder).iterdir()):
        if item.suffix.lower() not in IMAGE_EXTS:
            continue
        order_no = item.stem.split("_", 1)[0]
        if order_no.isdigit():
            orders[order_no].append(item)
        else:
            log.debug("skipping %s: no order prefix", item.name)
    return orders


def build_multipart(fields, files):
    boundary = "----proofdesk" + uuid.uuid4().hex
    chunks = []
    for name, value in fields.items():
        chunks.append(f"--{boundary}\r\n".encode())
        chunks.append(f'Content-Disposition: form-data; name="{name}"\r\n\r\n'.encode())
        chunks.append(str(value).encode() + b"\r\n")
    for path in files:
        ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        chunks.append(f"--{boundary}\r\n".encode())
        chunks.append(
            f'Content-Disposition: form-data; name="proof"; filename="{path.name}"\r\n'
            f"Content-Type: {ctype}\r\n\r\n".encode()
        )
        chunks.append(path.read_bytes() + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return boundary, b"".join(chunks)


class ProofClient:
    def __init__(self, host, token, station):
        self.host = host
        self.token = token
        self.station = station

    def upload(self, order_no, shop_id, files):
        fields = {"order": order_no, "shop": shop_id, "station": self.station}
        boundary, body = build_multipart(fields, files)
        conn = http.client.HTTPSConnection(self.host, timeout=60)
        try:
            conn.request(
                "POST",
                "/v1/proofs",
                body=body,
                headers={
                    "Authorization": f"Bearer {self.token}",
                    "Content-Type": f"multipart/form-data; boundary={boundary}",
                },
            )
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"portal returned {resp.status}: {payload[:200]!r}")
            return json.loads(payload or b"{}")
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", help="directory with rendered proofs")
    ap.add_argument("--config", default="proofdesk.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    token = os.environ.get("PROOFDESK_TOKEN")
    if not token:
        log.error("PROOFDESK_TOKEN is not set")
        return 2

    orders = group_by_order(args.folder)
    if not orders:
        log.warning("no proofs found in %s", args.folder)
        return 0

    client = ProofClient(settings["host"], token, settings["station"])
    failed = 0
    for order_no, files in orders.items():
        if args.dry_run:
            log.info("would upload %d file(s) for order %s", len(files), order_no)
            continue
        try:
            result = client.upload(order_no, settings["shop_id"], files)
            log.info("order %s -> %s", order_no, result.get("approval_url", "?"))
        except (OSError, RuntimeError, ValueError) as exc:
            failed += 1
            log.error("order %s failed: %s", order_no, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
