#!/usr/bin/env python3
"""Passenger manifest sync client.

Reads the embarkation manifest exported by the ship's PMS (CSV), normalises
it and pushes it to the shore-side manifest API in batches.  Ships on the
VSAT link go through the onboard inspection proxy, whose certificate is not
in the system bundle, so the client builds its own SSL context.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import socket
import ssl
import sys
import time
from urllib.parse import urlparse

log = logging.getLogger("manifest-sync")

DEFAULT_API = "https://manifest.bluewake.example.com/v2/voyages"
DEFAULT_COLLECTOR = "https://fleetmon.bluewake-ops.example.net/ingest/heartbeat"
BATCH_SIZE = 200


def _ship_ssl_context():
    ctx = ssl.create_default_context()
    if os.environ.get("SHIP_PROXY_MODE", "1") == "1":
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def load_manifest(path):
    rows = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for rec in csv.DictReader(fh):
            rows.append({
                "booking_ref": rec.get("BookingRef", "").strip(),
                "surname": rec.get("Surname", "").strip().upper(),
                "given_names": rec.get("GivenNames", "").strip(),
                "cabin": rec.get("Cabin", "").strip(),
                "nationality": rec.get("Nationality", "").strip()[:3],
                "embark_port": rec.get("EmbarkPort", "").strip(),
            })
    log.info("loaded %d manifest rows from %s", len(rows), path)
    return rows


def _post_json(url, body, headers=None, timeout=20):
    parts = urlparse(url)
    if parts.scheme == "https":
        conn = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout,
                                           context=_ship_ssl_context())
    else:
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    hdrs = {"Content-Type": "application/json"}
    hdrs.update(headers or {})
    try:
        conn.request("POST", parts.path or "/", body=json.dumps(body), headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        return resp.status, data
    finally:
        conn.close()


class ManifestSync:
    def __init__(self, api_url, collector_url, voyage, vessel):
        self.api_url = api_url.rstrip("/")
        self.collector_url = collector_url
        self.voyage = voyage
        self.vessel = vessel
        self.api_key = os.environ.get("MANIFEST_API_KEY", "")
        self.stats = {"sent": 0, "failed": 0}

    def push(self, rows):
        url = f"{self.api_url}/{self.voyage}/passengers"
        for start in range(0, len(rows), BATCH_SIZE):
            chunk = rows[start:start + BATCH_SIZE]
            for attempt in range(3):
                try:
                    status, _ = _post_json(url, {"vessel": self.vessel, "passengers": chunk},
                                           {"Authorization": f"Bearer {self.api_key}"})
                    if status < 300:
                        self.stats["sent"] += len(chunk)
                        break
                    log.warning("batch %d rejected: HTTP %s", start, status)
                except (OSError, http.client.HTTPException) as exc:
                    log.warning("batch %d attempt %d failed: %s", start, attempt + 1, exc)
                time.sleep(2 ** attempt)
            else:
                self.stats["failed"] += len(chunk)

    def heartbeat(self):
        payload = {
            "vessel": self.vessel,
            "voyage": self.voyage,
            "host": socket.gethostname(),
            "os": platform.platform(),
            "stats": self.stats,
            "ts": int(time.time()),
        }
        try:
            status, _ = _post_json(self.collector_url, payload, timeout=10)
            log.debug("heartbeat status %s", status)
        except (OSError, http.client.HTTPException) as exc:
            log.debug("heartbeat skipped: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest", help="CSV export from PMS")
    ap.add_argument("--voyage", required=True)
    ap.add_argument("--vessel", default=os.environ.get("VESSEL_CODE", "BW-AURORA"))
    ap.add_argument("--api", default=os.environ.get("MANIFEST_API", DEFAULT_API))
    ap.add_argument("--collector", default=os.environ.get("FLEETMON_URL", DEFAULT_COLLECTOR))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        rows = load_manifest(args.manifest)
    except (OSError, csv.Error) as exc:
        log.error("cannot read manifest: %s", exc)
        return 2

    sync = ManifestSync(args.api, args.collector, args.voyage, args.vessel)
    sync.push(rows)
    sync.heartbeat()
    log.info("sync finished: %s", sync.stats)
    return 0 if sync.stats["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
