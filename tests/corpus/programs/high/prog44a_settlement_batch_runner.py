#!/usr/bin/env python3
"""Nightly settlement batch: net the day's fills per counterparty and write
settlement instructions.

The batch is started by the scheduler as root; before touching any data it
switches to the `settle` service account (libc setresgid/setresuid via ctypes,
since the scheduler's Python is sometimes built without os.setresuid).
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("settle")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint] * 3
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account):
    entry = pwd.getpwnam(account)
    if os.geteuid() != 0:
        if os.geteuid() == entry.pw_uid:
            return entry
        raise PermissionError(f"must start as root or as {account}")
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=account, LOGNAME=account)
    log.info("running as %s (uid=%d gid=%d)", account, entry.pw_uid, entry.pw_gid)
    return entry


def net_positions(fills_path):
    nets = defaultdict(lambda: {"cash": Decimal(0), "qty": defaultdict(Decimal)})
    with open(fills_path, newline="") as fh:
        for row in csv.DictReader(fh):
            sign = Decimal(1) if row["side"] == "buy" else Decimal(-1)
            qty = Decimal(row["qty"])
            cp = nets[row["counterparty"]]
            cp["qty"][row["isin"]] += sign * qty
            cp["cash"] -= sign * qty * Decimal(row["price"])
    return nets


def write_instructions(nets, out_dir, trade_date):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"ssi_{trade_date}.csv"
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["trade_date", "counterparty", "isin", "deliver_qty", "cash_leg"])
        for cp, pos in sorted(nets.items()):
            for isin, qty in sorted(pos["qty"].items()):
                if qty:
                    w.writerow([trade_date, cp, isin, f"{qty:f}", ""])
            w.writerow([trade_date, cp, "CASH", "", f"{pos['cash']:.2f}"])
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("trade_date")
    ap.add_argument("--account", default="settle")
    ap.add_argument("--fills-dir", default="fills")
    ap.add_argument("--out-dir", default="instructions")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        become(args.account)
    except (KeyError, PermissionError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.account, exc)
        return 2

    fills = Path(args.fills_dir) / f"fills_{args.trade_date}.csv"
    if not fills.exists():
        log.error("no fills file %s", fills)
        return 1
    nets = net_positions(fills)
    path = write_instructions(nets, Path(args.out_dir), args.trade_date)
    log.info("%d counterparties netted -> %s", len(nets), path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
