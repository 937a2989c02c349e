#!/usr/bin/env python3
"""Print collection slips on the front-desk thermal printer.

The ticket tracker drops one JSON file per finished job into ./slips/queue;
this daemon turns each into an ESC/POS slip (shop header, ticket number as
a CODE128 barcode, work done, guarantee period, balance due) and writes it
straight to the USB printer device.

It is started by the front-desk service as root so it can open the printer
node, then switches to the printer account for the rest of its life.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import time
from pathlib import Path

log = logging.getLogger("slips")

ESC, GS = b"\x1b", b"\x1d"
INIT = ESC + b"@"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
CENTER, LEFT = ESC + b"a\x01", ESC + b"a\x00"
DOUBLE, NORMAL = GS + b"!\x11", GS + b"!\x00"
CUT = GS + b"V\x42\x00"


class Identity:
    """Switches the process to an unprivileged account via libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def become(cls, username, extra_groups=("lp",)):
        pw = pwd.getpwnam(username)
        gids = [pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
        arr = (ctypes.c_uint * len(gids))(*gids)
        for name, args in (("setgroups", (len(gids), arr)),
                           ("setgid", (pw.pw_gid,)),
                           ("setuid", (pw.pw_uid,))):
            if getattr(cls._libc, name)(*args) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{name} failed: {os.strerror(err)}")
        os.environ["HOME"] = pw.pw_dir
        log.info("running as %s (uid %d)", username, pw.pw_uid)


class SlipPrinter:
    def __init__(self, device, width=42):
        self.device = device
        self.width = width
        self.fd = os.open(device, os.O_WRONLY | os.O_NOCTTY)

    def _line(self, left, right=""):
        gap = max(1, self.width - len(left) - len(right))
        return (left + " " * gap + right + "\n").encode("cp437", "replace")

    def barcode(self, data):
        payload = b"{B" + data.encode("ascii")
        return (GS + b"h\x50" + GS + b"w\x02" + GS + b"H\x02" +
                GS + b"k\x49" + bytes([len(payload)]) + payload + b"\n")

    def render(self, job, shop):
        out = [INIT, CENTER, BOLD_ON, DOUBLE, shop["name"].encode("cp437", "replace"), b"\n",
               NORMAL, BOLD_OFF, shop["address"].encode("cp437", "replace"), b"\n\n",
               BOLD_ON, b"READY FOR COLLECTION\n", BOLD_OFF,
               self.barcode(str(job["ticket_no"])), LEFT, b"\n"]
        out.append(self._line("Customer:", job.get("customer", "")))
        out.append(self._line("Item:", job.get("item", "")[:28]))
        for task in job.get("work", []):
            out.append(self._line(f" - {task['desc'][:28]}", f"{task['price']:.2f}"))
        out.append(b"-" * self.width + b"\n")
        out.append(self._line("Paid:", f"{job.get('paid', 0):.2f}"))
        out.append(BOLD_ON + self._line("Balance due:", f"{job.get('balance', 0):.2f}") + BOLD_OFF)
        out.append(self._line("Guarantee:", f"{job.get('guarantee_months', 12)} months"))
        out.append(b"\n" + CENTER + b"Please bring this slip when collecting\n\n\n" + CUT)
        return b"".join(out)

    def print_job(self, job, shop):
        data = self.render(job, shop)
        view = memoryview(data)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]


def watch(queue, printer, shop, interval):
    done = queue.parent / "printed"
    failed = queue.parent / "failed"
    done.mkdir(exist_ok=True)
    failed.mkdir(exist_ok=True)
    while True:
        for path in sorted(queue.glob("*.json")):
            try:
                job = json.loads(path.read_text(encoding="utf-8"))
                printer.print_job(job, shop)
                path.rename(done / path.name)
                log.info("printed slip for ticket %s", job.get("ticket_no"))
            except (ValueError, KeyError) as exc:
                log.error("bad job %s: %s", path.name, exc)
                path.rename(failed / path.name)
            except OSError as exc:
                log.error("printer error on %s: %s (will retry)", path.name, exc)
                break
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Front-desk collection slip printer")
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--queue", default="slips/queue")
    ap.add_argument("--shop", default="shop.json")
    ap.add_argument("--run-as", default="frontdesk")
    ap.add_argument("--interval", type=float, default=2.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    shop = json.loads(Path(args.shop).read_text()) if Path(args.shop).exists() else \
        {"name": "Harrow Lane Clocks", "address": "14 Harrow Lane"}
    queue = Path(args.queue).resolve()
    queue.mkdir(parents=True, exist_ok=True)

    printer = SlipPrinter(args.device)
    if os.geteuid() == 0:
        Identity.become(args.run_as)
    try:
        watch(queue, printer, shop, args.interval)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
