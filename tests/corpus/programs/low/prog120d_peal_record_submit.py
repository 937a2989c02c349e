#!/usr/bin/env python3
"""Submit the society's peal and quarter-peal records to the online peal archive.

Reads performances from peals.csv (one row per performance, ringers as
"bell:name" pairs separated by semicolons), skips any already recorded in
the local ledger, and posts the rest to the archive API. The API key is read
from PEALARCHIVE_API_KEY.
"""

import argparse
import csv
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("pealsubmit")

DEFAULT_API = "https://api.pealarchive.org.uk/v2/performances"
LEDGER = Path(".submitted_peals.json")


def load_ledger(path=LEDGER):
    if path.exists():
        try:
            return set(json.loads(path.read_text()))
        except json.JSONDecodeError:
            log.warning("ledger %s is corrupt, starting a new one", path)
    return set()


def save_ledger(ids, path=LEDGER):
    path.write_text(json.dumps(sorted(ids), indent=1))
    os.chmod(path, 0o600)


def read_performances(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            ringers = []
            for pair in filter(None, (p.strip() for p in row.get("ringers", "").split(";"))):
                bell, _, name = pair.partition(":")
                ringers.append({"bell": bell.strip(), "name": name.strip(),
                                "conductor": name.strip().endswith("(C)")})
            yield {
                "local_id": row["id"],
                "date": row["date"],
                "place": row["tower"],
                "dedication": row.get("dedication", ""),
                "changes": int(row["changes"]),
                "method": row["method"],
                "duration": row.get("duration", ""),
                "footnote": row.get("footnote", ""),
                "ringers": ringers,
            }


class ArchiveClient:
    def __init__(self, api_url, api_key, timeout=20):
        parts = urlsplit(api_url)
        self.host, self.path = parts.netloc, parts.path
        self.api_key = api_key
        self.timeout = timeout

    def _post(self, payload):
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            body = json.dumps(payload).encode("utf-8")
            conn.request("POST", self.path, body=body, headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
                "User-Agent": "pealsubmit/1.4",
            })
            resp = conn.getresponse()
            return resp.status, resp.read().decode("utf-8", "replace")
        finally:
            conn.close()

    def submit(self, performance, retries=3):
        for attempt in range(1, retries + 1):
            try:
                status, text = self._post({"performance": performance})
            except (OSError, http.client.HTTPException) as exc:
                log.warning("attempt %d for %s failed: %s", attempt, performance["local_id"], exc)
                time.sleep(2 * attempt)
                continue
            if status in (200, 201):
                return json.loads(text).get("id")
            if status == 409:
                log.info("%s already in archive", performance["local_id"])
                return "duplicate"
            if status >= 500:
                time.sleep(2 * attempt)
                continue
            raise RuntimeError(f"archive rejected {performance['local_id']}: {status} {text[:200]}")
        raise RuntimeError(f"gave up on {performance['local_id']}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Submit peals to the online archive")
    ap.add_argument("csv", nargs="?", default="peals.csv")
    ap.add_argument("--api", default=os.environ.get("PEALARCHIVE_URL", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("PEALARCHIVE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PEALARCHIVE_API_KEY is not set")
        return 2

    done = load_ledger()
    client = ArchiveClient(args.api, api_key)
    submitted = 0
    try:
        for perf in read_performances(args.csv):
            if perf["local_id"] in done:
                continue
            if args.dry_run:
                log.info("would submit %s (%s, %d %s)", perf["local_id"], perf["date"],
                         perf["changes"], perf["method"])
                continue
            remote_id = client.submit(perf)
            log.info("submitted %s -> %s", perf["local_id"], remote_id)
            done.add(perf["local_id"])
            submitted += 1
    except (OSError, KeyError, ValueError, RuntimeError) as exc:
        log.error("stopped: %s", exc)
        return 1
    finally:
        if not args.dry_run:
            save_ledger(done)
    log.info("%d performance(s) submitted", submitted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
