#!/usr/bin/env python3
"""Tack room door reader: listens to the 125 kHz RFID reader on the serial
port, checks tags against the yard's key-fob list and logs who went in
(saddles and bridles have gone walking before).

Started by the init script as root so it can open the reader; it then
switches to the unprivileged 'tackroom' account for the rest of its life.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import termios
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("tack_gate")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    """Switch credentials to `user`, keeping only its own supplementary groups."""
    pw = pwd.getpwnam(user)
    gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("running as %s (uid %d)", user, pw.pw_uid)


def open_reader(device, baud=9600):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[4] = attrs[5] = speed
    attrs[2] |= termios.CLOCAL | termios.CREAD
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return os.fdopen(fd, "rb", buffering=0)


def read_tags(stream):
    """EM4100 readers frame each tag as STX + 10 hex + 2 checksum + CR LF + ETX."""
    buf = b""
    while True:
        chunk = stream.read(1)
        if not chunk:
            time.sleep(0.05)
            continue
        if chunk == b"\x02":
            buf = b""
        elif chunk == b"\x03":
            tag = buf.strip().decode("ascii", "replace")[:10]
            if tag:
                yield tag
            buf = b""
        else:
            buf += chunk


def load_fobs(path):
    with open(path, newline="") as fh:
        return {r["tag"].upper(): r["name"] for r in csv.DictReader(fh)}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Tack room RFID logger")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="tackroom")
    ap.add_argument("--fobs", default="fobs.csv")
    ap.add_argument("--log-dir", default="visits")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        reader = open_reader(args.device)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            return 1

    fobs = load_fobs(args.fobs)
    out_dir = Path(args.log_dir)
    out_dir.mkdir(exist_ok=True)
    last_seen = {}
    for tag in read_tags(reader):
        now = datetime.now()
        if now.timestamp() - last_seen.get(tag, 0) < 10:
            continue  # same fob held against the reader
        last_seen[tag] = now.timestamp()
        who = fobs.get(tag.upper(), "UNKNOWN")
        entry = {"time": now.isoformat(timespec="seconds"), "tag": tag, "who": who}
        with open(out_dir / f"{now:%Y-%m-%d}.jsonl", "a") as fh:
            fh.write(json.dumps(entry) + "\n")
        (log.warning if who == "UNKNOWN" else log.info)("tack room: %s (%s)", who, tag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
