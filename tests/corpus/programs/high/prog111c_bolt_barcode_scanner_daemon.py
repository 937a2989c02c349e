#!/usr/bin/env python3
"""Fabric bolt barcode scanner daemon.

The cutting table has a USB barcode scanner in serial (CDC-ACM) mode.
Each scan of a bolt label followed by a length scan ("L0350" = 3.50 m)
records a cut against that bolt in stock.db, so the stock tracker always
knows how much is left on the roll.

Started from the workroom PC's boot script: it installs a stable device
name for the scanner, opens the port, then runs as the workshop user.

    bolt_scanner.py --device /dev/bolt-scanner --db /srv/workroom/stock.db
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("bolt-scanner")

UDEV_RULE = Path("/etc/udev/rules.d/72-bolt-scanner.rules")
RULE_TEXT = ('SUBSYSTEM=="tty", ATTRS{idVendor}=="05f9", ATTRS{idProduct}=="4204", '
             'SYMLINK+="bolt-scanner", GROUP="dialout", MODE="0660"\n')


def install_device_name():
    if UDEV_RULE.exists() and UDEV_RULE.read_text() == RULE_TEXT:
        return
    UDEV_RULE.write_text(RULE_TEXT)
    os.chmod(UDEV_RULE, 0o644)
    subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=False)
    time.sleep(1.5)
    log.info("installed %s", UDEV_RULE)


class Identity:
    """Switches the process to the workshop account once the port is open."""

    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
        self.groups.append(self.pw.pw_gid)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        gids = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(self.libc.setgroups(len(self.groups), gids), "setgroups")
        gid, uid = self.pw.pw_gid, self.pw.pw_uid
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        log.info("running as %s (uid %d)", self.pw.pw_name, uid)


class StockBook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript("""
            CREATE TABLE IF NOT EXISTS bolts (code TEXT PRIMARY KEY, fabric TEXT, metres REAL);
            CREATE TABLE IF NOT EXISTS cuts (id INTEGER PRIMARY KEY, code TEXT, metres REAL,
                                             at TEXT DEFAULT CURRENT_TIMESTAMP);
        """)

    def record_cut(self, code, metres):
        cur = self.conn.execute("SELECT metres, fabric FROM bolts WHERE code = ?", (code,))
        row = cur.fetchone()
        if row is None:
            log.warning("unknown bolt %s, cut recorded anyway", code)
        self.conn.execute("INSERT INTO cuts (code, metres) VALUES (?, ?)", (code, metres))
        self.conn.execute("UPDATE bolts SET metres = metres - ? WHERE code = ?", (metres, code))
        self.conn.commit()
        if row:
            left = row[0] - metres
            log.info("%s %s: cut %.2f m, %.2f m left", code, row[1], metres, left)
            if left < 3:
                log.warning("%s is nearly finished (%.2f m)", code, left)


def scans(port):
    buf = b""
    while True:
        chunk = port.read(64)
        if not chunk:
            continue
        buf += chunk
        while b"\r" in buf or b"\n" in buf:
            line, _, buf = buf.replace(b"\n", b"\r").partition(b"\r")
            text = line.decode("ascii", "ignore").strip()
            if text:
                yield text


def run(port, book):
    pending = None
    for code in scans(port):
        if code.startswith("L") and code[1:].isdigit():
            if pending is None:
                log.warning("length scanned before bolt label, ignored")
                continue
            book.record_cut(pending, int(code[1:]) / 100)
            pending = None
        else:
            pending = code
            log.debug("bolt %s selected", code)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Record fabric cuts from the bolt scanner")
    ap.add_argument("--device", default="/dev/bolt-scanner")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--db", default="stock.db")
    ap.add_argument("--user", default="workshop")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() == 0:
        install_device_name()
    try:
        port = serial.Serial(args.device, args.baud, timeout=1)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    if os.geteuid() == 0:
        Identity(args.user).apply()

    book = StockBook(args.db)
    try:
        run(port, book)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
