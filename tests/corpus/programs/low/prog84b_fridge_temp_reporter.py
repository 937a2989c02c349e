#!/usr/bin/env python3
"""Push vaccine fridge temperature readings to the VaxWatch monitoring API.

Reads the data-logger CSV export (one row per reading) from the working
directory, flags excursions outside the 2-8 C storage window and posts the
new readings as one batch. The timestamp of the last uploaded reading is kept
in .fridge_state.json so that re-runs only send rows we have not sent yet.

Usage:
    VAXWATCH_API_KEY=... ./fridge_temp_reporter.py --site RX0142 --fridge F1 logger.csv
"""
import argparse
import csv
import http.client
import json
import logging
import os
import sys
import time
from datetime import datetime, timezone
from urllib.parse import urlsplit

LOG = logging.getLogger("fridge-report")

DEFAULT_ENDPOINT = "https://api.vaxwatch.example.com/v2/readings"
STATE_FILE = ".fridge_state.json"
MIN_C, MAX_C = 2.0, 8.0


class ReadingBatch:
    """Readings for one fridge, plus the excursion summary the API expects."""

    def __init__(self, site_id, fridge_id):
        self.site_id = site_id
        self.fridge_id = fridge_id
        self.rows = []

    def add(self, ts, temp_c):
        self.rows.append({
            "ts": ts,
            "temp_c": round(temp_c, 2),
            "excursion": not (MIN_C <= temp_c <= MAX_C),
        })

    @property
    def excursions(self):
        return [r for r in self.rows if r["excursion"]]

    def payload(self):
        temps = [r["temp_c"] for r in self.rows]
        return {
            "site": self.site_id,
            "fridge": self.fridge_id,
            "generated": datetime.now(timezone.utc).isoformat(),
            "readings": self.rows,
            "summary": {
                "count": len(temps),
                "min": min(temps) if temps else None,
                "max": max(temps) if temps else None,
                "excursions": len(self.excursions),
            },
        }


def load_state(path=STATE_FILE):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError:
        LOG.warning("state file %s is corrupt, starting from scratch", path)
        return {}


def save_state(state, path=STATE_FILE):
    tmp = path + ".new"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=2)
    os.replace(tmp, path)


def iter_readings(csv_path, since=None):
    """Yield (iso timestamp, celsius) from a logger export, skipping old rows."""
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            ts = (row.get("Timestamp") or row.get("time") or "").strip()
            raw = (row.get("Temp(C)") or row.get("temperature") or "").strip()
            if not ts or not raw:
                continue
            if since and ts <= since:
                continue
            try:
                yield ts, float(raw)
            except ValueError:
                LOG.debug("skipping unparsable reading %r at %s", raw, ts)


def post_batch(endpoint, api_key, payload, retries=3, timeout=15):
    parts = urlsplit(endpoint)
    body = json.dumps(payload).encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": "fridge-temp-reporter/1.4",
    }
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout)
        try:
            conn.request("POST", parts.path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
            if 200 <= resp.status < 300:
                return json.loads(text or "{}")
            if resp.status < 500:
                raise RuntimeError(f"API rejected batch: {resp.status} {text[:200]}")
            LOG.warning("server error %s (attempt %d/%d)", resp.status, attempt, retries)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("upload failed: %s (attempt %d/%d)", exc, attempt, retries)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    raise RuntimeError("giving up after %d attempts" % retries)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="data logger CSV export")
    ap.add_argument("--site", required=True)
    ap.add_argument("--fridge", required=True)
    ap.add_argument("--endpoint", default=os.environ.get("VAXWATCH_URL", DEFAULT_ENDPOINT))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("VAXWATCH_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("VAXWATCH_API_KEY is not set")
        return 2

    state = load_state()
    key = f"{args.site}/{args.fridge}"
    batch = ReadingBatch(args.site, args.fridge)
    for ts, temp in iter_readings(args.csv, since=state.get(key)):
        batch.add(ts, temp)

    if not batch.rows:
        LOG.info("no new readings for %s", key)
        return 0

    for exc in batch.excursions:
        LOG.warning("EXCURSION %s: %.1f C outside %.0f-%.0f C", exc["ts"], exc["temp_c"], MIN_C, MAX_C)

    payload = batch.payload()
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        return 0

    result = post_batch(args.endpoint, api_key, payload)
    LOG.info("uploaded %d readings, batch id %s", len(batch.rows), result.get("batch_id"))
    state[key] = batch.rows[-1]["ts"]
    save_state(state)
    return 1 if batch.excursions else 0


if __name__ == "__main__":
    sys.exit(main())
