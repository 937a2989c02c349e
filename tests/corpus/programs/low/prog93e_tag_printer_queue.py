#!/usr/bin/env python3
"""Render garment tags for the dry-cleaning counter into the print spool.

Each ticket in today's intake export gets one tag per garment: ticket
number, garment index ("3/5"), service code, due date and a Code 128
barcode. Tags are written as ZPL into ./spool for the tag printer agent to
pick up. Already-rendered tags are remembered by a content hash so a re-run
after a correction only re-spools what changed.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("tag_queue")

SPOOL = Path("spool")
CACHE_FILE = Path(".tagcache.json")
SERVICES = {
    "DC": "DRY CLEAN",
    "LP": "LAUNDER+PRESS",
    "PO": "PRESS ONLY",
    "WF": "WASH+FOLD",
    "AL": "ALTERATION",
}
TURNAROUND = {"DC": 2, "LP": 1, "PO": 1, "WF": 1, "AL": 5}
LABEL_DOTS = (406, 203)  # 2" x 1" at 203 dpi


def intake_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                pieces = max(1, int(row.get("pieces") or 1))
            except ValueError:
                log.warning("ticket %s: bad piece count %r", row.get("ticket"), row.get("pieces"))
                continue
            yield {
                "ticket": row["ticket"].strip(),
                "surname": row.get("surname", "").strip().upper()[:12],
                "service": row.get("service", "DC").strip().upper(),
                "pieces": pieces,
                "notes": row.get("notes", "").strip()[:20],
                "received": row.get("received") or dt.date.today().isoformat(),
                "express": row.get("express", "").lower() in ("1", "y", "yes"),
            }


def due_date(ticket):
    received = dt.date.fromisoformat(ticket["received"])
    days = 0 if ticket["express"] else TURNAROUND.get(ticket["service"], 2)
    due = received + dt.timedelta(days=days)
    while due.weekday() == 6:  # closed Sundays
        due += dt.timedelta(days=1)
    return due


def zpl_for(ticket, index):
    w, h = LABEL_DOTS
    service = SERVICES.get(ticket["service"], ticket["service"])
    due = due_date(ticket)
    lines = [
        "^XA",
        f"^PW{w}^LL{h}",
        "^CF0,28",
        f"^FO12,10^FD#{ticket['ticket']}^FS",
        f"^FO250,10^FD{index}/{ticket['pieces']}^FS",
        "^CF0,22",
        f"^FO12,44^FD{ticket['surname']}^FS",
        f"^FO12,70^FD{service}{' *EXP*' if ticket['express'] else ''}^FS",
        f"^FO12,96^FDDUE {due:%a %d %b}^FS",
        f"^FO12,124^BY2^BCN,50,N,N^FD{ticket['ticket']}-{index:02d}^FS",
    ]
    if ticket["notes"]:
        lines.append(f"^FO250,44^FB150,3^FD{ticket['notes']}^FS")
    lines.append("^XZ")
    return "\n".join(lines) + "\n"


def content_key(ticket):
    blob = json.dumps(ticket, sort_keys=True).encode("utf-8")
    return hashlib.md5(blob).hexdigest()


def load_cache():
    try:
        return json.loads(CACHE_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def save_cache(cache):
    CACHE_FILE.write_text(json.dumps(cache, indent=1, sort_keys=True), encoding="utf-8")
    os.chmod(CACHE_FILE, 0o600)


def spool_ticket(ticket):
    SPOOL.mkdir(exist_ok=True)
    written = []
    for i in range(1, ticket["pieces"] + 1):
        target = SPOOL / f"{ticket['ticket']}-{i:02d}.zpl"
        tmp = target.with_suffix(".part")
        tmp.write_text(zpl_for(ticket, i), encoding="ascii", errors="replace")
        tmp.replace(target)  # agent only picks up complete .zpl files
        written.append(target)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description="spool garment tags for today's intake")
    ap.add_argument("intake", nargs="?", default="intake.csv")
    ap.add_argument("--force", action="store_true", help="ignore the render cache")
    ap.add_argument("--reset-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.reset_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()
    cache = {} if args.force else load_cache()
    total = skipped = 0
    try:
        for ticket in intake_rows(args.intake):
            key = content_key(ticket)
            if cache.get(ticket["ticket"]) == key:
                skipped += 1
                continue
            files = spool_ticket(ticket)
            cache[ticket["ticket"]] = key
            total += len(files)
            log.info("ticket %s: %d tag(s), due %s", ticket["ticket"], len(files), due_date(ticket))
    except (OSError, KeyError, ValueError) as exc:
        log.error("intake %s: %s", args.intake, exc)
        return 1
    finally:
        save_cache(cache)
    log.info("%d tag(s) spooled, %d unchanged ticket(s) skipped", total, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
