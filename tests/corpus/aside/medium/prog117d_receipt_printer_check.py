#!/usr/bin/env python3
"""Check the cafe receipt printer queue on the till PC and print a test slip.

The Epson TM-series receipt printer is set up in CUPS as a raw queue. This
checks the queue is enabled and accepting jobs, then prints a short ESC/POS
test slip with the venue header so staff can check paper and cutter.
"""
import argparse
import logging
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("printer_check")

ESC = b"\x1b"
GS = b"\x1d"


class EscPosSlip:
    """Tiny ESC/POS builder, enough for a test slip."""

    def __init__(self):
        self.buf = bytearray(ESC + b"@")

    def bold(self, on=True):
        self.buf += ESC + b"E" + (b"\x01" if on else b"\x00")
        return self

    def center(self):
        self.buf += ESC + b"a\x01"
        return self

    def left(self):
        self.buf += ESC + b"a\x00"
        return self

    def line(self, text=""):
        self.buf += text.encode("cp437", "replace") + b"\n"
        return self

    def cut(self):
        self.buf += b"\n\n\n" + GS + b"V\x00"
        return self

    def bytes(self):
        return bytes(self.buf)


def queue_state(queue):
    res = subprocess.run(["lpstat", "-p", queue, "-a", queue],
                         capture_output=True, text=True, timeout=10)
    if res.returncode != 0:
        raise LookupError(res.stderr.strip() or f"queue {queue} not found")
    out = res.stdout
    return {
        "enabled": "disabled" not in out,
        "accepting": "not accepting" not in out,
        "raw": out.strip(),
    }


def test_slip(venue):
    return (EscPosSlip().center().bold().line(venue).bold(False)
            .line("Cafe printer test").line(datetime.now().strftime("%d/%m/%Y %H:%M"))
            .left().line("-" * 32).line("1 x Babyccino            0.00")
            .line("1 x Kids meal deal        4.95").line("-" * 32)
            .center().line("Thank you for playing!").cut().bytes())


def submit(queue, payload, spool_dir):
    spool_dir.mkdir(exist_ok=True)
    job_file = spool_dir / f"test_slip_{datetime.now():%Y%m%d%H%M%S}.bin"
    job_file.write_bytes(payload)
    res = subprocess.run(["lp", "-d", queue, "-o", "raw", "-t", "cafe-test", str(job_file)],
                         capture_output=True, text=True, timeout=20)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return res.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default="cafe_receipt")
    ap.add_argument("--venue", default="Jungle Jumpers Soft Play")
    ap.add_argument("--spool", type=Path, default=Path("print_jobs"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        state = queue_state(args.queue)
    except (LookupError, FileNotFoundError, subprocess.TimeoutExpired) as exc:
        log.error("cannot query queue: %s", exc)
        return 1
    log.debug(state["raw"])
    if not (state["enabled"] and state["accepting"]):
        log.error("queue %s is paused or rejecting jobs - check CUPS", args.queue)
        return 1

    try:
        job = submit(args.queue, test_slip(args.venue), args.spool)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("print failed: %s", exc)
        return 1
    log.info("test slip queued: %s", job)
    return 0


if __name__ == "__main__":
    sys.exit(main())
