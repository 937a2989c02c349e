#!/usr/bin/env python3
"""Till receipt printer daemon.

Watches the till's receipt queue directory for *.json receipt jobs, renders
them as ESC/POS and writes them straight to the USB receipt printer.  Opens
the printer device first and then continues as the unprivileged print user
so the rest of the daemon runs with minimal rights.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import signal
import sys
import time
from pathlib import Path

log = logging.getLogger("receiptd")

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
    def __init__(self, device, user):
        self.device = device
        self.user = user
        self.fh = None

    def open(self):
        self.fh = open(self.device, "wb", buffering=0)
        log.info("opened %s", self.device)

    def drop_to_user(self):
        if os.geteuid() != 0:
            return
        pw = pwd.getpwnam(self.user)
        groups = [g.gr_gid for g in grp.getgrall() if self.user in g.gr_mem]
        os.setgroups(groups)
        os.setgid(pw.pw_gid)
        os.setuid(pw.pw_uid)
        os.environ["HOME"] = pw.pw_dir
        log.info("continuing as %s (%d)", self.user, pw.pw_uid)

    def write(self, data):
        self.fh.write(data)
        self.fh.flush()


def process_queue(printer, queue, done):
    for job_path in sorted(queue.glob("*.json")):
        try:
            job = json.loads(job_path.read_text(encoding="utf-8"))
            printer.write(render(job))
            job_path.rename(done / job_path.name)
            log.info("printed %s", job_path.name)
        except (OSError, ValueError, KeyError) as exc:
            log.error("job %s failed: %s", job_path.name, exc)
            job_path.rename(job_path.with_suffix(".failed"))


def main():
    ap = argparse.ArgumentParser(description="receipt printer daemon")
    ap.add_argument("--device", default=os.environ.get("RECEIPT_DEVICE", "/dev/usb/lp0"))
    ap.add_argument("--user", default="lp")
    ap.add_argument("--queue", type=Path, default=Path("receipts/queue"))
    ap.add_argument("--interval", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s receiptd %(message)s")

    done = args.queue.parent / "printed"
    args.queue.mkdir(parents=True, exist_ok=True)
    done.mkdir(parents=True, exist_ok=True)

    printer = ReceiptPrinter(args.device, args.user)
    try:
        printer.open()
        printer.drop_to_user()
    except (OSError, KeyError) as exc:
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
