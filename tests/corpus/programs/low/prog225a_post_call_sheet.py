#!/usr/bin/env python3
"""post_call_sheet.py - publish a rehearsal call sheet to the scheduling system.

The orchestra manager prepares each week's call sheet as a JSON file
(services, times, venue, which players are called). This validates the
file and posts it to the scheduling system's REST API, authenticating with
the API key from the SCHEDULER_API_KEY environment variable.

Usage:
    post_call_sheet.py callsheet_week12.json [--api https://api.example.com/v1] [--dry-run]
"""

import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import datetime

log = logging.getLogger("call_sheet")

DEFAULT_API = "https://api.example.com/v1"
VALID_CALLS = {"full", "strings", "winds", "brass", "percussion", "tutti-minus-brass"}


class CallSheetError(ValueError):
    pass


def validate(sheet):
    if "week" not in sheet or "services" not in sheet:
        raise CallSheetError("call sheet needs 'week' and 'services'")
    for i, svc in enumerate(sheet["services"], start=1):
        for field in ("date", "start", "end", "venue", "call"):
            if field not in svc:
                raise CallSheetError(f"service {i} is missing '{field}'")
        try:
            start = datetime.fromisoformat(f"{svc['date']}T{svc['start']}")
            end = datetime.fromisoformat(f"{svc['date']}T{svc['end']}")
        except ValueError as exc:
            raise CallSheetError(f"service {i}: bad date/time ({exc})") from None
        if end <= start:
            raise CallSheetError(f"service {i}: ends before it starts")
        if svc["call"] not in VALID_CALLS:
            raise CallSheetError(f"service {i}: unknown call '{svc['call']}'")
    return len(sheet["services"])


def post(api, key, sheet):
    req = urllib.request.Request(
        f"{api}/callsheets",
        data=json.dumps(sheet).encode("utf-8"),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status, json.loads(resp.read() or b"{}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sheet")
    parser.add_argument("--api", default=DEFAULT_API)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.sheet, encoding="utf-8") as fh:
            sheet = json.load(fh)
        count = validate(sheet)
    except (OSError, json.JSONDecodeError, CallSheetError) as exc:
        log.error("invalid call sheet %s: %s", args.sheet, exc)
        return 1
    log.info("week %s: %d service(s) validated", sheet["week"], count)

    if args.dry_run:
        log.info("dry run: not posting")
        return 0

    key = os.environ.get("SCHEDULER_API_KEY")
    if not key:
        log.error("SCHEDULER_API_KEY is not set")
        return 2
    try:
        status, body = post(args.api, key, sheet)
    except urllib.error.HTTPError as exc:
        log.error("scheduling API rejected the call sheet: HTTP %s", exc.code)
        return 3
    except urllib.error.URLError as exc:
        log.error("cannot reach scheduling API: %s", exc.reason)
        return 3
    log.info("published (HTTP %s), call sheet id %s", status, body.get("id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
