#!/usr/bin/env python3
"""Poll the cellar tank gateway and push fermentation readings to FermTrack.

Reads gravity / temperature / pH from the local tank gateway (the Pi in the
cellar that aggregates the Tilt hydrometers and RTD probes), appends every
sample to a local CSV so nothing is lost when the uplink drops, and pushes
batches to the FermTrack cloud API.

Configuration lives in fermlog.ini next to the working directory:

    [gateway]
    url = http://tankgw.local:8080/api/tanks
    poll_seconds = 60

    [cloud]
    endpoint = api.fermtrack.io
    path = /v2/readings
    batch_size = 20
    winery = hillside-cellars

The API key is taken from FERMTRACK_API_KEY.
"""

import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("fermlog")

DEFAULTS = {
    "gateway": {"url": "http://tankgw.local:8080/api/tanks", "poll_seconds": "60"},
    "cloud": {
        "endpoint": "api.fermtrack.io",
        "path": "/v2/readings",
        "batch_size": "20",
        "winery": "unnamed",
    },
}

CSV_FIELDS = ["ts", "tank", "gravity", "temp_c", "ph"]


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    else:
        log.warning("config %s not found, using defaults", path)
    return cfg


def poll_gateway(url: str, timeout: float = 10.0):
    """Yield one reading dict per tank reported by the gateway."""
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for tank in data.get("tanks", []):
        if tank.get("offline"):
            continue
        yield {
            "ts": now,
            "tank": tank.get("id"),
            "gravity": tank.get("sg"),
            "temp_c": tank.get("temp"),
            "ph": tank.get("ph"),
        }


def append_csv(path: Path, rows):
    new_file = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)


class FermTrackClient:
    def __init__(self, host: str, path: str, api_key: str, winery: str):
        self.host = host
        self.path = path
        self.api_key = api_key
        self.winery = winery

    def payload(self, batch):
        return {
            "winery": self.winery,
            "sent_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "readings": batch,
        }

    def push(self, batch):
        body = json.dumps(self.payload(batch))
        conn = http.client.HTTPSConnection(self.host, timeout=15)
        try:
            conn.request(
                "POST",
                self.path,
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "Authorization": f"Bearer {self.api_key}",
                },
            )
            resp = conn.getresponse()
            resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"FermTrack returned HTTP {resp.status}")
        finally:
            conn.close()
        log.info("pushed %d readings", len(batch))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="fermlog.ini", type=Path)
    ap.add_argument("-o", "--csv", default="fermentation_log.csv", type=Path)
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)

    api_key = os.environ.get("FERMTRACK_API_KEY")
    if not api_key:
        log.error("FERMTRACK_API_KEY is not set")
        return 2

    client = FermTrackClient(
        cfg["cloud"]["endpoint"], cfg["cloud"]["path"], api_key, cfg["cloud"]["winery"]
    )
    batch_size = cfg["cloud"].getint("batch_size")
    poll = cfg["gateway"].getint("poll_seconds")
    pending = []

    while True:
        try:
            rows = list(poll_gateway(cfg["gateway"]["url"]))
        except (urllib.error.URLError, ValueError, OSError) as exc:
            log.error("gateway poll failed: %s", exc)
            rows = []
        if rows:
            append_csv(args.csv, rows)
            pending.extend(rows)
            log.debug("buffered %d readings", len(pending))
        if pending and (len(pending) >= batch_size or args.once):
            try:
                client.push(pending)
                pending.clear()
            except (OSError, RuntimeError) as exc:
                log.warning("upload failed, keeping %d readings: %s", len(pending), exc)
        if args.once:
            break
        time.sleep(poll)
    return 0


if __name__ == "__main__":
    sys.exit(main())
