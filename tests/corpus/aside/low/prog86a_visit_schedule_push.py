#!/usr/bin/env python3
"""Push the local home-visit schedule to the agency scheduling API.

The office exports the week's visits from the intake spreadsheet as
visits.csv (one row per nurse visit).  This tool normalises the rows,
converts local visit times to UTC and upserts them in batches so the
nurses' phone app picks them up before the morning huddle.

Usage:
    visit_schedule_push.py visits.csv --tz-offset -5
    SCHED_API_KEY=... visit_schedule_push.py visits.csv --dry-run
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

LOG = logging.getLogger("visit_push")
DEFAULT_ENDPOINT = "https://sched.homecare-office.net/api/v2/visits/bulk"
REQUIRED = ("visit_id", "nurse_id", "patient_mrn", "date", "start", "duration_min")
VISIT_TYPES = {"SN", "PT", "OT", "HHA", "MSW", "CHAP", "RN-ADMIT", "RN-RECERT"}


def load_visits(path):
    """Yield dict rows from the office CSV export, skipping blank lines."""
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}: missing columns {', '.join(missing)}")
        for lineno, row in enumerate(reader, start=2):
            if not any((v or "").strip() for v in row.values()):
                continue
            row["_line"] = lineno
            yield row


def normalise(row, tz_offset):
    """Return the API representation of one visit row."""
    local = dt.datetime.strptime(f"{row['date']} {row['start']}", "%Y-%m-%d %H:%M")
    start_utc = local - dt.timedelta(hours=tz_offset)
    vtype = (row.get("visit_type") or "SN").strip().upper()
    if vtype not in VISIT_TYPES:
        LOG.warning("line %s: unknown visit type %r, defaulting to SN", row["_line"], vtype)
        vtype = "SN"
    return {
        "external_id": row["visit_id"].strip(),
        "nurse_id": row["nurse_id"].strip(),
        "patient_mrn": row["patient_mrn"].strip(),
        "visit_type": vtype,
        "start_utc": start_utc.replace(tzinfo=dt.timezone.utc).isoformat(),
        "duration_min": int(row["duration_min"]),
        "notes": (row.get("notes") or "").strip()[:500],
    }


class ScheduleClient:
    def __init__(self, endpoint, api_key, timeout=20, retries=3):
        parsed = urlparse(endpoint)
        self.host = parsed.hostname
        self.port = parsed.port or 443
        self.path = parsed.path or "/"
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries

    def _headers(self):
        return {
            "Authorization": f"Bearer {self.api_key}",
            "Content-Type": "application/json",
            "User-Agent": "visit-schedule-push/1.4",
        }

    def post_batch(self, visits):
        body = json.dumps({"visits": visits, "mode": "upsert"})
        last_err = None
        for attempt in range(1, self.retries + 1):
            conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
            try:
                conn.request("POST", self.path, body=body, headers=self._headers())
                resp = conn.getresponse()
                payload = resp.read().decode("utf-8", "replace")
                if resp.status in (200, 201, 207):
                    return json.loads(payload or "{}")
                if resp.status in (429, 502, 503):
                    last_err = f"HTTP {resp.status}"
                    time.sleep(2 ** attempt)
                    continue
                raise RuntimeError(f"API rejected batch: HTTP {resp.status}: {payload[:300]}")
            except (OSError, http.client.HTTPException) as exc:
                last_err = str(exc)
                time.sleep(2 ** attempt)
            finally:
                conn.close()
        raise RuntimeError(f"giving up after {self.retries} attempts: {last_err}")


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_path", type=Path)
    ap.add_argument("--endpoint", default=os.environ.get("SCHED_API_URL", DEFAULT_ENDPOINT))
    ap.add_argument("--tz-offset", type=float, default=-5.0, help="local offset from UTC in hours")
    ap.add_argument("--batch-size", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        visits = [normalise(r, args.tz_offset) for r in load_visits(args.csv_path)]
    except (OSError, ValueError) as exc:
        LOG.error("cannot read schedule: %s", exc)
        return 2
    LOG.info("loaded %d visits from %s", len(visits), args.csv_path)

    if args.dry_run:
        json.dump(visits[:5], sys.stdout, indent=2)
        print(f"\n... {len(visits)} visits total (dry run, nothing sent)")
        return 0

    api_key = os.environ.get("SCHED_API_KEY")
    if not api_key:
        LOG.error("SCHED_API_KEY is not set")
        return 2

    client = ScheduleClient(args.endpoint, api_key)
    created = updated = 0
    for n, batch in enumerate(chunks(visits, args.batch_size), start=1):
        try:
            result = client.post_batch(batch)
        except RuntimeError as exc:
            LOG.error("batch %d failed: %s", n, exc)
            return 1
        created += result.get("created", 0)
        updated += result.get("updated", 0)
        LOG.debug("batch %d ok (%d visits)", n, len(batch))
    LOG.info("done: %d created, %d updated", created, updated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
