#!/usr/bin/env python3
"""Ticket gate barcode reader daemon.

Reads scans from the serial barcode reader on each turnstile, validates
them against the local ticket list and pulses the turnstile relay. It is
started as root by the gate controller so it can claim the serial port,
then switches to the unprivileged gate account for the rest of its life.
"""
import argparse
import ctypes
import ctypes.util
import csv
import grp
import logging
import os
import pwd
import time

log = logging.getLogger("gate-reader")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(fn_name, *args):
    fn = getattr(_libc, fn_name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{fn_name} failed: {os.strerror(err)}")


def prepare_port(dev, account):
    """Give the gate account access to the reader before switching to it."""
    pw = pwd.getpwnam(account)
    os.chown(dev, pw.pw_uid, grp.getgrnam("dialout").gr_gid)
    os.chmod(dev, 0o660)
    log.info("prepared %s for %s", dev, account)


def switch_identity(account):
    pw = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(grp.getgrnam("dialout").gr_gid)
    # order matters: supplementary groups, then gid, then uid
    _call("setgroups", 1, groups)
    _call("setgid", pw.pw_gid)
    _call("setuid", pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", account, os.getuid())


def load_tickets(path):
    valid = set()
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") == "issued":
                valid.add(row["barcode"].strip())
    return valid


class Gate:
    def __init__(self, dev, tickets, relay_file):
        self.dev = dev
        self.tickets = tickets
        self.used = set()
        self.relay_file = relay_file

    def pulse(self):
        # the relay board exposes a simple file interface in the gate dir
        with open(self.relay_file, "w") as fh:
            fh.write("1")
        time.sleep(0.8)
        with open(self.relay_file, "w") as fh:
            fh.write("0")

    def handle(self, code):
        if code in self.used:
            log.warning("already used: %s", code)
            return False
        if code not in self.tickets:
            log.warning("unknown ticket: %s", code)
            return False
        self.used.add(code)
        self.pulse()
        log.info("admitted %s", code)
        return True

    def run(self, port):
        buf = b""
        while True:
            chunk = os.read(port, 64)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\r" in buf:
                line, buf = buf.split(b"\r", 1)
                code = line.decode("ascii", "ignore").strip()
                if code:
                    self.handle(code)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--account", default="gate")
    ap.add_argument("--tickets", default="tickets.csv")
    ap.add_argument("--relay", default="relay.state")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    prepare_port(args.device, args.account)
    port = os.open(args.device, os.O_RDONLY | os.O_NOCTTY)
    switch_identity(args.account)
    try:
        gate = Gate(args.device, load_tickets(args.tickets), args.relay)
        gate.run(port)
    except KeyboardInterrupt:
        pass
    finally:
        os.close(port)


if __name__ == "__main__":
    main()
