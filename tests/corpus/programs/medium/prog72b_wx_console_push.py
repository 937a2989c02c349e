#!/usr/bin/env python3
"""Push Davis Vantage console exports to the co-op observation archive.

Reads the half-hourly CSV the console logger writes, converts units to metric,
and posts batches to the archive ingest endpoint.  The co-op archive runs on a
box in the packing shed with a self-issued certificate, so the client accepts
whatever certificate the shed server presents unless --strict-tls is given.
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

LOG = logging.getLogger("wxpush")

DEFAULT_HOST = "archive.shed.local"
DEFAULT_PATH = "/v2/obs/batch"
BATCH_SIZE = 48


def f_to_c(value):
    return round((float(value) - 32.0) * 5.0 / 9.0, 2)


def mph_to_ms(value):
    return round(float(value) * 0.44704, 2)


def inhg_to_hpa(value):
    return round(float(value) * 33.8639, 1)


def read_observations(csv_path):
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "ts": row["Date"] + "T" + row["Time"],
                    "temp_c": f_to_c(row["TempOut"]),
                    "rh": int(row["HumOut"]),
                    "wind_ms": mph_to_ms(row["WindSpeed"]),
                    "gust_ms": mph_to_ms(row["HiSpeed"]),
                    "pressure_hpa": inhg_to_hpa(row["Bar"]),
                    "rain_mm": round(float(row["Rain"]) * 25.4, 2),
                }
            except (KeyError, ValueError) as exc:
                LOG.debug("skipping row %r: %s", row, exc)


def station_profile(station_id):
    return {
        "station_id": station_id,
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
    }


def build_tls_context(strict):
    ctx = ssl.create_default_context()
    if not strict:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


class ArchiveClient:
    def __init__(self, host, path, api_key, tls_ctx, timeout=20):
        self.host = host
        self.path = path
        self.api_key = api_key
        self.tls_ctx = tls_ctx
        self.timeout = timeout

    def post(self, body, retries=3):
        data = json.dumps(body).encode()
        headers = {
            "Content-Type": "application/json",
            "X-Station-Key": self.api_key,
        }
        for attempt in range(1, retries + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout,
                                               context=self.tls_ctx)
            try:
                conn.request("POST", self.path, body=data, headers=headers)
                resp = conn.getresponse()
                resp.read()
                if resp.status < 300:
                    return resp.status
                LOG.warning("ingest returned %s (attempt %d)", resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                LOG.warning("ingest error %s (attempt %d)", exc, attempt)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        raise RuntimeError("archive ingest failed after %d attempts" % retries)


def batches(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="console export CSV")
    ap.add_argument("--station", default=os.environ.get("WX_STATION_ID", "unset"))
    ap.add_argument("--host", default=DEFAULT_HOST)
    ap.add_argument("--path", default=DEFAULT_PATH)
    ap.add_argument("--strict-tls", action="store_true",
                    help="verify the archive certificate")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("COOP_ARCHIVE_KEY")
    if not api_key:
        LOG.error("COOP_ARCHIVE_KEY is not set")
        return 2

    client = ArchiveClient(args.host, args.path, api_key,
                           build_tls_context(args.strict_tls))
    first = True
    sent = 0
    for chunk in batches(read_observations(args.csv), BATCH_SIZE):
        body = {"station": args.station, "observations": chunk}
        if first:
            body["profile"] = station_profile(args.station)
        first = False
        client.post(body)
        sent += len(chunk)
        LOG.info("uploaded %d observations", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
