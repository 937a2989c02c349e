#!/usr/bin/env python3
"""Fetch NOTAMs for the club's airfields and keep a local briefing cache.

Used by the launch point tablet each morning: pulls active NOTAMs for the
configured ICAO locations, stores them in ./cache so the briefing page works
when the field Wi-Fi drops, and reports a sync heartbeat to the ops board.
"""
import argparse
import http.client
import json
import logging
import os
import pickle
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlencode, urlsplit

log = logging.getLogger("notam_briefing")

DEFAULTS = {
    "api_host": "notam-relay.glidingops.net",
    "api_path": "/v2/notams",
    "locations": ["EGHL", "EGKA", "EGLS"],
    "heartbeat_url": "https://ops-board.glidingops.net/hooks/notam-sync",
    "cache_dir": "cache",
    "max_age_min": 45,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class NotamCache:
    def __init__(self, directory, max_age_min):
        self.dir = Path(directory)
        self.dir.mkdir(exist_ok=True)
        self.max_age = max_age_min * 60

    def _file(self, icao):
        return self.dir / f"{icao.upper()}.pkl"

    def get(self, icao):
        f = self._file(icao)
        if not f.exists() or time.time() - f.stat().st_mtime > self.max_age:
            return None
        with open(f, "rb") as fh:
            return pickle.load(fh)

    def put(self, icao, notams):
        with open(self._file(icao), "wb") as fh:
            pickle.dump(notams, fh)


class RelayClient:
    def __init__(self, host, path, api_key, timeout=15):
        self.host, self.path, self.api_key, self.timeout = host, path, api_key, timeout

    def fetch(self, icao, attempts=3):
        query = urlencode({"location": icao, "state": "active"})
        for n in range(1, attempts + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
            try:
                conn.request("GET", f"{self.path}?{query}",
                             headers={"X-Api-Key": self.api_key,
                                      "Accept": "application/json"})
                resp = conn.getresponse()
                body = resp.read()
                if resp.status == 200:
                    return json.loads(body).get("items", [])
                log.warning("%s: HTTP %s (attempt %d)", icao, resp.status, n)
            except (socket.timeout, OSError) as exc:
                log.warning("%s: %s (attempt %d)", icao, exc, n)
            finally:
                conn.close()
            time.sleep(2 * n)
        return None


def post_heartbeat(url, summary):
    parts = urlsplit(url)
    summary["tablet"] = socket.gethostname()
    payload = json.dumps(summary).encode()
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=10)
    try:
        conn.request("POST", parts.path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        log.debug("heartbeat -> %s", resp.status)
    except OSError as exc:
        log.info("heartbeat not delivered: %s", exc)
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="notam_sync.json")
    ap.add_argument("--force", action="store_true", help="ignore cache age")
    ap.add_argument("--no-heartbeat", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("NOTAM_RELAY_KEY")
    if not api_key:
        log.error("NOTAM_RELAY_KEY not set")
        return 2

    cache = NotamCache(cfg["cache_dir"], cfg["max_age_min"])
    client = RelayClient(cfg["api_host"], cfg["api_path"], api_key)
    counts = {}
    for icao in cfg["locations"]:
        items = None if args.force else cache.get(icao)
        if items is None:
            items = client.fetch(icao)
            if items is None:
                log.error("%s: no data, keeping stale cache", icao)
                continue
            cache.put(icao, items)
        counts[icao] = len(items)
        log.info("%s: %d active NOTAMs", icao, len(items))

    if not args.no_heartbeat:
        post_heartbeat(cfg["heartbeat_url"], {
            "synced_at": datetime.now(timezone.utc).isoformat(),
            "counts": counts,
        })
    return 0


if __name__ == "__main__":
    sys.exit(main())
