#!/usr/bin/env python3
"""Grading service client for the shop inventory.

Looks up certification numbers (slabbed coins and certified stamps) against
the grading service API and writes the results to a JSON file next to the
inventory export.  Responses are cached in ./.certcache so re-running the
sync after a partial failure does not burn through the API quota.
"""
import argparse
import configparser
import csv
import hashlib
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path

LOG = logging.getLogger("gradesync")

API_HOST = "api.certverify-grading.com"
DEFAULT_CONFIG = Path.home() / ".config" / "gradesync" / "gradesync.ini"
CACHE_DIR = Path(".certcache")


class GradingClient:
    def __init__(self, token, host=API_HOST, timeout=15):
        self.token = token
        self.host = host
        self.timeout = timeout

    def _request(self, method, path, body=None):
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()

    def lookup(self, cert_no):
        return self._request("GET", f"/v2/certs/{cert_no}")

    def lookup_batch(self, certs):
        return self._request("POST", "/v2/certs/batch", {"certs": list(certs)})


class ResponseCache:
    """Tiny on-disk cache keyed by the batch contents."""

    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _key(self, batch):
        return hashlib.md5("|".join(sorted(batch)).encode()).hexdigest()

    def get(self, batch):
        path = self.root / f"{self._key(batch)}.json"
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, batch, data):
        path = self.root / f"{self._key(batch)}.json"
        path.write_text(json.dumps(data), encoding="utf-8")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"client": {"batch_size": "25", "token": ""}})
    if path.exists():
        cfg.read(path)
    return cfg


def read_certs(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            cert = (row.get("cert") or row.get("certification") or "").strip()
            if cert:
                yield cert


def chunks(items, size):
    buf = []
    for item in items:
        buf.append(item)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync grading certificate data")
    ap.add_argument("inventory", help="CSV export with a 'cert' column")
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("-o", "--out", default="grading_results.json")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("GRADING_API_TOKEN") or cfg.get("client", "token")
    if not token:
        LOG.error("no API token: set GRADING_API_TOKEN or [client] token")
        return 2

    client = GradingClient(token)
    cache = None if args.no_cache else ResponseCache()
    batch_size = cfg.getint("client", "batch_size")
    results, errors = {}, []

    for batch in chunks(read_certs(args.inventory), batch_size):
        data = cache.get(batch) if cache else None
        if data is None:
            for attempt in range(3):
                try:
                    data = client.lookup_batch(batch)
                    if cache:
                        cache.put(batch, data)
                    break
                except (OSError, RuntimeError, ValueError) as exc:
                    errors.append(f"{batch[0]}..: {exc}")
                    LOG.warning("batch starting %s failed (%s), retry %d", batch[0], exc, attempt + 1)
                    time.sleep(2 ** attempt)
        for item in (data or {}).get("results", []):
            results[item["cert"]] = item

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2, sort_keys=True)
    LOG.info("wrote %d certificates to %s (%d errors)", len(results), args.out, len(errors))
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
