#!/usr/bin/env python3
"""Push Asterisk cdr-csv rows to the CallMetrics ingestion API.

Reads Master.csv (or any cdr-csv export), normalises each row into the
schema the reporting service expects and posts them in batches.  A small
state file in the working directory remembers how far we got so the job can
be run from a timer every few minutes without re-sending old calls.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("cdr_import")

CDR_FIELDS = [
    "accountcode", "src", "dst", "dcontext", "clid", "channel", "dstchannel",
    "lastapp", "lastdata", "start", "answer", "end", "duration", "billsec",
    "disposition", "amaflags", "uniqueid", "userfield",
]

DEFAULT_ENDPOINT = "https://ingest.callmetrics.example.com/v2/cdr/batches"
STATE_FILE = Path(".cdr_import_state.json")


def parse_ts(value):
    if not value:
        return None
    try:
        dt = datetime.strptime(value.strip(), "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None
    return dt.replace(tzinfo=timezone.utc).isoformat()


def to_int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def read_cdrs(path, skip):
    """Yield normalised CDR dicts, skipping the first `skip` rows."""
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        for lineno, row in enumerate(csv.reader(fh), 1):
            if lineno <= skip:
                continue
            if len(row) < len(CDR_FIELDS):
                LOG.debug("short row at line %d, ignoring", lineno)
                continue
            rec = dict(zip(CDR_FIELDS, row))
            yield lineno, {
                "id": rec["uniqueid"],
                "caller": rec["src"],
                "callee": rec["dst"],
                "context": rec["dcontext"],
                "channel": rec["channel"],
                "started_at": parse_ts(rec["start"]),
                "answered_at": parse_ts(rec["answer"]),
                "ended_at": parse_ts(rec["end"]),
                "duration": to_int(rec["duration"]),
                "billsec": to_int(rec["billsec"]),
                "disposition": rec["disposition"],
                "queue": rec["userfield"] or None,
            }


def batched(iterable, size):
    batch, last = [], 0
    for lineno, item in iterable:
        batch.append(item)
        last = lineno
        if len(batch) >= size:
            yield last, batch
            batch = []
    if batch:
        yield last, batch


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            LOG.warning("state file unreadable, starting from the top")
    return {}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE_FILE)
    os.chmod(STATE_FILE, 0o600)


class IngestClient:
    def __init__(self, endpoint, api_key, site, timeout=20, retries=4):
        self.endpoint = endpoint
        self.api_key = api_key
        self.site = site
        self.timeout = timeout
        self.retries = retries

    def _post(self, payload):
        body = json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(
            self.endpoint,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
                "X-Site-Id": self.site,
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status, resp.read()

    def send(self, records):
        payload = {"site": self.site, "sent_at": datetime.now(timezone.utc).isoformat(),
                   "records": records}
        delay = 2
        for attempt in range(1, self.retries + 1):
            try:
                status, _ = self._post(payload)
                if 200 <= status < 300:
                    return True
                LOG.warning("ingest returned HTTP %s", status)
            except urllib.error.HTTPError as exc:
                if exc.code in (400, 401, 403, 422):
                    LOG.error("ingest rejected batch: %s %s", exc.code, exc.reason)
                    return False
                LOG.warning("attempt %d failed: %s", attempt, exc)
            except (urllib.error.URLError, TimeoutError) as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
            time.sleep(delay)
            delay *= 2
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="path to Master.csv")
    ap.add_argument("--endpoint", default=os.environ.get("CALLMETRICS_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--site", default=os.environ.get("CALLMETRICS_SITE", "default"))
    ap.add_argument("--batch-size", type=int, default=500)
    ap.add_argument("--from-start", action="store_true", help="ignore saved offset")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CALLMETRICS_API_KEY")
    if not api_key:
        LOG.error("CALLMETRICS_API_KEY is not set")
        return 2

    src = Path(args.csv)
    if not src.is_file():
        LOG.error("no such file: %s", src)
        return 2

    state = load_state()
    key = str(src.resolve())
    offset = 0 if args.from_start else state.get(key, 0)
    client = IngestClient(args.endpoint, api_key, args.site)

    sent = 0
    for last_line, batch in batched(read_cdrs(src, offset), args.batch_size):
        if not client.send(batch):
            LOG.error("stopping at line %d, will resume next run", offset)
            break
        offset = last_line
        sent += len(batch)
        state[key] = offset
        save_state(state)
        LOG.info("sent %d records (through line %d)", len(batch), offset)

    LOG.info("done, %d records uploaded", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
