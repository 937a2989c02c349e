#!/usr/bin/env python3
"""Haul truck telemetry forwarder.

Picks up the JSON-lines files the on-board loggers drop into ./spool
(payload tonnes, ground speed, tyre pressures, engine hours), batches them
and forwards each batch to the fleet collector with a small gateway
description so the collector can tell the pit gateways apart.
"""
import argparse
import gzip
import http.client
import json
import logging
import os
import socket
import ssl
import time
from pathlib import Path

log = logging.getLogger("telemetry-forwarder")

DEFAULT_COLLECTOR = "fleet-collector.pitnet.example.com"
DEFAULT_PATH = "/api/v2/telemetry/batch"


class GatewayIdentity:
    """Describes the gateway box the batch came from."""

    def __init__(self, site_code):
        self.site_code = site_code

    @staticmethod
    def _os_release():
        info = {}
        try:
            for line in Path("/etc/os-release").read_text().splitlines():
                if "=" in line:
                    k, v = line.split("=", 1)
                    info[k] = v.strip('"')
        except OSError:
            pass
        return info.get("PRETTY_NAME", "unknown")

    def as_dict(self):
        return {
            "site": self.site_code,
            "host": socket.gethostname(),
            "os": self._os_release(),
        }


def iter_records(spool_dir):
    for path in sorted(Path(spool_dir).glob("*.jsonl")):
        with path.open() as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    yield path, json.loads(line)
                except json.JSONDecodeError:
                    log.warning("%s:%d unparseable record skipped", path.name, lineno)


def batched(records, size):
    batch, files = [], set()
    for path, rec in records:
        batch.append(rec)
        files.add(path)
        if len(batch) >= size:
            yield batch, files
            batch, files = [], set()
    if batch:
        yield batch, files


class Forwarder:
    def __init__(self, host, path, verify_tls, retries=4):
        self.host = host
        self.path = path
        self.retries = retries
        if verify_tls:
            self.ctx = ssl.create_default_context()
        else:
            # pit gateways still carry the self-signed certs from commissioning
            self.ctx = ssl._create_unverified_context()

    def send(self, body):
        payload = gzip.compress(json.dumps(body).encode())
        delay = 2
        for attempt in range(1, self.retries + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=20, context=self.ctx)
            try:
                conn.request("POST", self.path, body=payload, headers={
                    "Content-Type": "application/json",
                    "Content-Encoding": "gzip",
                })
                resp = conn.getresponse()
                resp.read()
                if resp.status < 300:
                    return True
                log.warning("collector returned %s (attempt %d)", resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("forward failed: %s (attempt %d)", exc, attempt)
            finally:
                conn.close()
            time.sleep(delay)
            delay *= 2
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--site", default=os.environ.get("PIT_SITE", "PIT-A"))
    ap.add_argument("--collector", default=os.environ.get("FLEET_COLLECTOR", DEFAULT_COLLECTOR))
    ap.add_argument("--batch-size", type=int, default=500)
    ap.add_argument("--verify-tls", action="store_true", help="validate collector certificate")
    ap.add_argument("--keep", action="store_true", help="keep spool files after upload")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    identity = GatewayIdentity(args.site).as_dict()
    fwd = Forwarder(args.collector, DEFAULT_PATH, args.verify_tls)

    sent = 0
    for batch, files in batched(iter_records(args.spool), args.batch_size):
        body = {"gateway": identity, "sent_at": time.time(), "records": batch}
        if not fwd.send(body):
            log.error("giving up on batch of %d records", len(batch))
            return 1
        sent += len(batch)
        if not args.keep:
            for f in files:
                f.rename(f.with_suffix(".sent"))
    log.info("forwarded %d telemetry records", sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
