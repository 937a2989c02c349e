#!/usr/bin/env python3
"""Rotate and push shed padlock codes for the Hollybank Allotment Society.

Reads the shed register (shed_register.csv), generates a new code for each
shed whose code is due to rotate, pushes the codes to the KeyNest lock API and
writes a notice for the members' noticeboard.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import random
from pathlib import Path
from urllib.parse import urlparse

LOG = logging.getLogger("shedsync")

DEFAULT_API = "https://api.keynest-locks.example/v2"
ROTATE_DAYS = 90
CODE_ALPHABET = "0123456789"


def load_register(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def save_register(path, rows):
    if not rows:
        return
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)


def is_due(row, today):
    raw = row.get("last_rotated") or "1970-01-01"
    try:
        last = dt.date.fromisoformat(raw)
    except ValueError:
        LOG.warning("shed %s has bad date %r, rotating", row.get("shed"), raw)
        return True
    return (today - last).days >= ROTATE_DAYS


def new_code(length):
    return "".join(random.choice(CODE_ALPHABET) for _ in range(length))


def _post(url, body, headers=None):
    u = urlparse(url)
    conn = http.client.HTTPSConnection(u.netloc, timeout=20)
    hdrs = {"Content-Type": "application/json", "User-Agent": "shedsync/1.4"}
    hdrs.update(headers or {})
    try:
        conn.request("POST", u.path or "/", body=json.dumps(body), headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"{u.netloc} returned {resp.status}: {data[:200]!r}")
        return json.loads(data or b"{}")
    finally:
        conn.close()


def write_notice(path, changes):
    lines = ["Shed padlock codes changed on " + dt.date.today().strftime("%d %B %Y"), ""]
    for c in changes:
        lines.append(f"  Shed {c['shed']:>4}: {c['code']}")
    lines.append("")
    lines.append("Please do not share codes outside the society.")
    Path(path).write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--register", default="shed_register.csv")
    ap.add_argument("--notice", default="shed_codes_notice.txt")
    ap.add_argument("--api", default=os.getenv("KEYNEST_API", DEFAULT_API))
    ap.add_argument("--length", type=int, default=4)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("KEYNEST_API_KEY")
    if not key and not args.dry_run:
        LOG.error("KEYNEST_API_KEY is not set")
        return 2

    rows = load_register(args.register)
    today = dt.date.today()
    changes = []
    for row in rows:
        if is_due(row, today):
            code = new_code(args.length)
            changes.append({"shed": row["shed"], "lock_id": row["lock_id"], "code": code})
            row["code"] = code
            row["last_rotated"] = today.isoformat()
    LOG.info("%d of %d sheds due for rotation", len(changes), len(rows))

    if not changes or args.dry_run:
        for c in changes:
            LOG.info("would set shed %s -> %s", c["shed"], c["code"])
        return 0

    try:
        result = _post(f"{args.api}/locks/batch", {"locks": changes},
                       {"Authorization": f"Bearer {key}"})
    except (OSError, RuntimeError) as exc:
        LOG.error("push failed: %s", exc)
        return 1
    LOG.info("lock API accepted %s updates", result.get("accepted", "?"))
    save_register(args.register, rows)
    write_notice(args.notice, changes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
