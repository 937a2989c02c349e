#!/usr/bin/env python3
"""Till receipt printer queue runner.

Watches the till's receipt queue directory for *.json receipt jobs, renders
them as ESC/POS and hands them to the CUPS raw queue for the receipt
printer.  Runs as the till user; CUPS owns the device.
"""

import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger("receiptq")

ESC = b"\x1b"
GS = b"\x1d"
INIT = ESC + b"@"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
CENTER, LEFT = ESC + b"a\x01", ESC + b"a\x00"
CUT = GS + b"V\x42\x00"

RUNNING = True


def _stop(signum, _frame):
    global RUNNING
    RUNNING = False
    log.info("signal %d, finishing current job", signum)


def render(job, width=42):
    out = [INIT, CENTER, BOLD_ON, job.get("shop", "Bookshop").encode(), b"\n", BOLD_OFF]
    out += [job.get("address", "").encode(), b"\n\n", LEFT]
    for item in job.get("items", []):
        title = item["title"][: width - 10]
        price = f"{item['price']:.2f}"
        out.append(f"{title:<{width - 10}}{price:>10}\n".encode("cp437", "replace"))
    out += [b"-" * width, b"\n", BOLD_ON,
            f"{'TOTAL':<{width - 10}}{job.get('total', 0):>10.2f}\n".encode(), BOLD_OFF]
    out += [b"\n", CENTER, job.get("footer", "Thank you for shopping local").encode(), b"\n\n\n", CUT]
    return b"".join(out)


class ReceiptPrinter:
    def __init__(self, queue_name, workdir):
        self.queue_name = queue_name
        self.workdir = workdir

    def check(self):
        res = subprocess.run(["lpstat", "-p", self.queue_name], capture_output=True, text=True)
        if res.returncode != 0:
            raise OSError(f"CUPS queue {self.queue_name!r} not found: {res.stderr.strip()}")
        log.info("using CUPS queue %s", self.queue_name)

    def write(self, data):
        with tempfile.NamedTemporaryFile(dir=self.workdir, suffix=".bin", delete=False) as tmp:
            tmp.write(data)
            path = tmp.name
        try:
            subprocess.run(["lp", "-d", self.queue_name, "-o", "raw", "-s", path],
                           check=True, timeout=30)
        finally:
            os.unlink(path)


def process_queue(printer, queue, done):
    for job_path in sorted(queue.glob("*.json")):
        try:
            job = json.loads(job_path.read_text(encoding="utf-8"))
            printer.write(render(job))
            job_path.rename(done / job_path.name)
            log.info("printed %s", job_path.name)
        except (OSError, ValueError, KeyError, subprocess.SubprocessError) as exc:
            log.error("job %s failed: %s", job_path.name, exc)
            job_path.rename(job_path.with_suffix(".failed"))


def main():
    ap = argparse.ArgumentParser(description="receipt printer queue runner")
    ap.add_argument("--printer", default=os.environ.get("RECEIPT_QUEUE", "till_receipts"))
    ap.add_argument("--queue", type=Path, default=Path("receipts/queue"))
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s receiptq %(message)s")

    done = args.queue.parent / "printed"
    work = args.queue.parent / "work"
    for d in (args.queue, done, work):
        d.mkdir(parents=True, exist_ok=True)

    printer = ReceiptPrinter(args.printer, work)
    try:
        printer.check()
    except OSError as exc:
        log.error("cannot start: %s", exc)
        return 1

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    while RUNNING:
        process_queue(printer, args.queue, done)
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
