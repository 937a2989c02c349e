#!/usr/bin/env python3
"""Summarise conversation threads in a local mbox export.

Usage: mbox_thread_report.py exports/list-archive.mbox --csv threads.csv

Parsed headers are cached in ./.thread_cache keyed by an MD5 of the mbox
path and modification time, so re-running on an unchanged archive is fast.
Pass --clean to drop the cache directory first.
"""

import argparse
import csv
import hashlib
import json
import logging
import mailbox
import os
import re
import shutil
from collections import defaultdict
from email.header import decode_header, make_header
from email.utils import parsedate_to_datetime, parseaddr

CACHE_DIR = ".thread_cache"
SUBJECT_PREFIX = re.compile(r"^\s*((re|fwd?|aw|sv)\s*(\[\d+\])?\s*:\s*)+", re.I)

logger = logging.getLogger("thread-report")


def decoded(value):
    if value is None:
        return ""
    try:
        return str(make_header(decode_header(value)))
    except (UnicodeDecodeError, LookupError):
        return str(value)


def normalise_subject(subject):
    subject = SUBJECT_PREFIX.sub("", subject or "")
    return re.sub(r"\s+", " ", subject).strip().lower()


def cache_key(path):
    st = os.stat(path)
    material = f"{os.path.abspath(path)}:{st.st_mtime_ns}:{st.st_size}"
    return hashlib.md5(material.encode("utf-8")).hexdigest()


def load_headers(path):
    os.makedirs(CACHE_DIR, exist_ok=True)
    cache_file = os.path.join(CACHE_DIR, cache_key(path) + ".json")
    if os.path.exists(cache_file):
        logger.info("using cached headers %s", cache_file)
        with open(cache_file, encoding="utf-8") as fh:
            return json.load(fh)

    rows = []
    box = mailbox.mbox(path, create=False)
    try:
        for msg in box:
            date_hdr = msg.get("Date")
            try:
                ts = parsedate_to_datetime(date_hdr).timestamp() if date_hdr else None
            except (TypeError, ValueError):
                ts = None
            rows.append({
                "message_id": (msg.get("Message-ID") or "").strip(),
                "in_reply_to": (msg.get("In-Reply-To") or "").strip(),
                "references": (msg.get("References") or "").split(),
                "subject": decoded(msg.get("Subject")),
                "sender": parseaddr(decoded(msg.get("From")))[1].lower(),
                "ts": ts,
            })
    finally:
        box.close()

    with open(cache_file, "w", encoding="utf-8") as fh:
        json.dump(rows, fh)
    return rows


def build_threads(rows):
    by_id = {r["message_id"]: r for r in rows if r["message_id"]}
    root_of = {}

    def find_root(row):
        chain = row["references"] or ([row["in_reply_to"]] if row["in_reply_to"] else [])
        for ref in chain:
            if ref in by_id:
                return ref
        return row["message_id"] or "subj:" + normalise_subject(row["subject"])

    threads = defaultdict(list)
    for row in rows:
        root = find_root(row)
        root_of[row["message_id"]] = root
        threads[root].append(row)
    return threads


def summarise(threads):
    for root, msgs in threads.items():
        stamps = [m["ts"] for m in msgs if m["ts"]]
        senders = {m["sender"] for m in msgs if m["sender"]}
        yield {
            "subject": normalise_subject(msgs[0]["subject"]) or "(no subject)",
            "messages": len(msgs),
            "participants": len(senders),
            "first": min(stamps) if stamps else "",
            "last": max(stamps) if stamps else "",
            "root": root,
        }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mbox")
    ap.add_argument("--csv", default="threads.csv")
    ap.add_argument("--min-messages", type=int, default=1)
    ap.add_argument("--clean", action="store_true", help="remove ./.thread_cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and os.path.isdir(CACHE_DIR):
        shutil.rmtree(CACHE_DIR)
        logger.info("removed %s", CACHE_DIR)

    if not os.path.isfile(args.mbox):
        raise SystemExit(f"no such mbox: {args.mbox}")

    rows = load_headers(args.mbox)
    threads = build_threads(rows)
    summary = sorted(summarise(threads), key=lambda r: r["messages"], reverse=True)

    with open(args.csv, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["subject", "messages", "participants",
                                                "first", "last", "root"])
        writer.writeheader()
        for row in summary:
            if row["messages"] >= args.min_messages:
                writer.writerow(row)
    logger.info("%d messages in %d threads -> %s", len(rows), len(threads), args.csv)


if __name__ == "__main__":
    main()
