#!/usr/bin/env python3
"""Warehouse dock-gate RFID reader daemon.

Started as root by the init system so it can open the reader's serial
port, then switches to the unprivileged 'gatesvc' account through libc
before parsing any tag data.  Tag reads are appended to a local journal
that the WMS picks up.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import time

import serial  # pyserial

log = logging.getLogger("rfid_gate")
_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username: str, extra_group: str = "dialout"):
    pw = pwd.getpwnam(username)
    groups = [pw.pw_gid]
    try:
        groups.append(grp.getgrnam(extra_group).gr_gid)
    except KeyError:
        pass
    os.setgroups(groups)
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.chdir(pw.pw_dir)
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class TagFrameParser:
    """Parses frames like b'\\x02GATE3;E2801160600002...;-61\\x03'."""

    def __init__(self):
        self.buf = bytearray()

    def feed(self, chunk: bytes):
        self.buf.extend(chunk)
        while True:
            start = self.buf.find(b"\x02")
            end = self.buf.find(b"\x03", start + 1)
            if start < 0 or end < 0:
                return
            frame = bytes(self.buf[start + 1:end])
            del self.buf[:end + 1]
            parts = frame.decode("ascii", "replace").split(";")
            if len(parts) == 3 and len(parts[1]) in (24, 32):
                yield {"gate": parts[0], "epc": parts[1], "rssi": int(parts[2] or 0)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--user", default="gatesvc")
    ap.add_argument("--journal", default="gate_reads.jsonl")
    ap.add_argument("--debounce", type=float, default=3.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    port = serial.Serial(args.port, args.baud, timeout=0.5)
    if os.geteuid() == 0:
        switch_identity(args.user)
    else:
        log.warning("not root; keeping current identity")

    parser, last_seen = TagFrameParser(), {}
    with open(args.journal, "a", buffering=1, encoding="utf-8") as journal:
        while True:
            chunk = port.read(256)
            if not chunk:
                continue
            for tag in parser.feed(chunk):
                now = time.time()
                if now - last_seen.get(tag["epc"], 0) < args.debounce:
                    continue
                last_seen[tag["epc"]] = now
                tag["ts"] = round(now, 3)
                journal.write(json.dumps(tag) + "\n")
                log.info("gate %s read %s (%d dBm)", tag["gate"], tag["epc"], tag["rssi"])


if __name__ == "__main__":
    main()
