#!/usr/bin/env python3
"""Push a class register to the e-learning platform's attendance API.

Reads the register either from a CSV file in the working directory or from
a pipe, e.g.

    cut -d, -f1,3 register_B1.csv | LMS_API_KEY=... ./attendance_push.py --stdin --course B1-EVE

Batches already sent are remembered in ./.attendance_cache so re-running
the script after a network hiccup doesn't post them twice.
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

API_URL = "https://lms.example.org/api/v1/attendance"
CACHE_DIR = Path(".attendance_cache")
VALID_STATUS = {"present", "absent", "late", "excused"}

log = logging.getLogger("attendance_push")


class Register:
    def __init__(self, course, day):
        self.course = course
        self.day = day
        self.entries = []

    def load(self, stream):
        reader = csv.reader(stream)
        for lineno, row in enumerate(reader, 1):
            if not row or row[0].strip().lower() in ("student_id", "#"):
                continue
            if len(row) < 2:
                log.warning("line %d: expected student_id,status", lineno)
                continue
            sid, status = row[0].strip(), row[1].strip().lower()
            if status not in VALID_STATUS:
                log.warning("line %d: unknown status %r", lineno, status)
                continue
            self.entries.append({"student_id": sid, "status": status})
        return self

    def payload(self):
        return {"course": self.course, "date": self.day, "entries": self.entries}

    def cache_key(self):
        blob = json.dumps(self.payload(), sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()


def already_sent(key):
    return (CACHE_DIR / key).exists()


def remember(key, response):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / key
    path.write_text(json.dumps(response))
    os.chmod(path, 0o600)


def post(payload, api_key, timeout=15):
    req = urllib.request.Request(
        API_URL,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read() or b"{}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--file", type=Path)
    src.add_argument("--stdin", action="store_true")
    p.add_argument("--course", required=True)
    p.add_argument("--date", default=date.today().isoformat())
    p.add_argument("--force", action="store_true", help="ignore the sent-cache")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("LMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("LMS_API_KEY is not set")
        return 1

    register = Register(args.course, args.date)
    if args.stdin:
        register.load(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8"))
    else:
        with open(args.file, newline="", encoding="utf-8") as fh:
            register.load(fh)
    if not register.entries:
        log.error("register is empty")
        return 1

    key = register.cache_key()
    if already_sent(key) and not args.force:
        log.info("this register was already sent (cache %s)", key[:10])
        return 0
    if args.dry_run:
        print(json.dumps(register.payload(), indent=2))
        return 0
    try:
        response = post(register.payload(), api_key)
    except urllib.error.HTTPError as exc:
        log.error("API refused the register: %s %s", exc.code, exc.reason)
        return 2
    except urllib.error.URLError as exc:
        log.error("API unreachable: %s", exc.reason)
        return 2
    remember(key, response)
    log.info("sent %d entries for %s on %s", len(register.entries),
             args.course, args.date)
    return 0


if __name__ == "__main__":
    sys.exit(main())
