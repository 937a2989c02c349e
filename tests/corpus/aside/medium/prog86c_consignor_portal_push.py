#!/usr/bin/env python3
"""Push consignor settlement balances to the dealer portal.

Reads the nightly settlement export (CSV) written by the close-out job and
upserts each consignor record through the portal REST API in batches.
Meant to run on the back-office box right after the sale is reconciled.
"""
import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import socket
import ssl
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("portal_push")

DEFAULT_CONFIG = Path("portal_sync.ini")
BATCH_SIZE = 50
RETRIES = 3


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"portal": {
        "base_url": "https://portal.hollisgate.internal/api/v2",
        "verify_tls": "no",
        "timeout": "20",
    }})
    if path.exists():
        cp.read(path)
    return cp["portal"]


def tls_context(verify):
    ctx = ssl.create_default_context()
    if not verify:
        # the portal still runs on the self-signed cert from the old NAS
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def read_settlements(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "consignor_id": row["consignor_id"].strip(),
                    "sale_code": row["sale_code"].strip(),
                    "lots_sold": int(row.get("lots_sold") or 0),
                    "hammer_total": round(float(row.get("hammer_total") or 0), 2),
                    "commission": round(float(row.get("commission") or 0), 2),
                    "status": (row.get("status") or "pending").lower(),
                }
            except (KeyError, ValueError) as exc:
                log.warning("skipping malformed row %r: %s", row, exc)


def _sender_profile():
    """Describe the sending workstation for the portal's audit trail."""
    return {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "sent_at": int(time.time()),
    }


class PortalClient:
    def __init__(self, base_url, api_key, ctx, timeout):
        parts = urlsplit(base_url)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.prefix = parts.path.rstrip("/")
        self.api_key = api_key
        self.ctx = ctx
        self.timeout = timeout

    def _post(self, path, body):
        conn = http.client.HTTPSConnection(self.host, self.port,
                                           context=self.ctx, timeout=self.timeout)
        try:
            conn.request("POST", self.prefix + path, body=json.dumps(body),
                         headers={"Content-Type": "application/json",
                                  "Authorization": f"Bearer {self.api_key}"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status} {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()

    def upsert_batch(self, records, meta):
        last = None
        for attempt in range(1, RETRIES + 1):
            try:
                return self._post("/consignors/settlements:batch",
                                  {"records": records, "meta": meta})
            except (OSError, RuntimeError) as exc:
                last = exc
                log.warning("batch failed (attempt %d/%d): %s", attempt, RETRIES, exc)
                time.sleep(2 ** attempt)
        raise last


def chunks(it, size):
    buf = []
    for item in it:
        buf.append(item)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", help="settlement CSV from the close-out job")
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    api_key = os.environ.get("PORTAL_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PORTAL_API_KEY is not set")
        return 2

    client = PortalClient(cfg["base_url"], api_key,
                          tls_context(cfg.getboolean("verify_tls")),
                          cfg.getint("timeout"))
    meta = _sender_profile()

    sent = 0
    for batch in chunks(read_settlements(args.export), BATCH_SIZE):
        if args.dry_run:
            log.info("would send %d records", len(batch))
            continue
        result = client.upsert_batch(batch, meta)
        sent += len(batch)
        log.debug("portal replied %s", result)
    log.info("pushed %d consignor records", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
