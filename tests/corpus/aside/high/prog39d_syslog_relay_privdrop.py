#!/usr/bin/env python3
"""Loopback syslog receiver for legacy appliances' local agents.

Binds UDP 514 on loopback (needs root for the low port), then permanently
drops to an unprivileged account before parsing any input.  Messages are
parsed as RFC 3164 / 5424 and appended as JSON lines to ./spool/<facility>.ndjson
for the regular log shipper to pick up.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import re
import signal
import socket
import time
from pathlib import Path

log = logging.getLogger("syslog-relay")

FACILITIES = ["kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news",
              "uucp", "cron", "authpriv", "ftp", "ntp", "audit", "alert", "clock",
              "local0", "local1", "local2", "local3", "local4", "local5", "local6", "local7"]
SEVERITIES = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"]
PRI_RE = re.compile(rb"^<(\d{1,3})>(.*)$", re.S)

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(username: str) -> None:
    """Irrevocably switch real, effective and saved ids to *username*."""
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    _check(_libc.setgroups(0, None), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.umask(0o027)
    # regaining root must now fail
    if _libc.setresuid(0, 0, 0) == 0:
        raise RuntimeError("privilege drop was not permanent")
    log.info("dropped privileges to %s (uid=%d gid=%d)", username, uid, gid)


def parse(datagram: bytes, peer: str) -> dict:
    rec = {"received": time.time(), "peer": peer}
    m = PRI_RE.match(datagram)
    if not m:
        rec.update(facility="user", severity="notice",
                   message=datagram.decode("utf-8", "replace").strip())
        return rec
    pri = int(m.group(1))
    fac, sev = divmod(pri, 8)
    rec["facility"] = FACILITIES[fac] if fac < len(FACILITIES) else f"fac{fac}"
    rec["severity"] = SEVERITIES[sev]
    rest = m.group(2).decode("utf-8", "replace").strip()
    if rest.startswith("1 "):  # RFC 5424
        parts = rest.split(" ", 6)
        if len(parts) == 7:
            _, ts, host, app, procid, msgid, msg = parts
            rec.update(timestamp=ts, host=host, app=app, procid=procid,
                       msgid=msgid, message=msg)
            return rec
    rec["message"] = rest
    return rec


class Spool:
    def __init__(self, root: Path):
        self.root = root
        self.handles = {}

    def write(self, rec: dict) -> None:
        fac = rec.get("facility", "user")
        fh = self.handles.get(fac)
        if fh is None:
            fh = open(self.root / f"{fac}.ndjson", "a", buffering=1, encoding="utf-8")
            self.handles[fac] = fh
        fh.write(json.dumps(rec, separators=(",", ":")) + "\n")

    def close(self) -> None:
        for fh in self.handles.values():
            fh.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.spool.mkdir(exist_ok=True)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 * 1024 * 1024)
    sock.bind((args.bind, args.port))
    log.info("listening on udp %s:%d", args.bind, args.port)

    if os.geteuid() == 0:
        entry = pwd.getpwnam(args.user)
        os.chown(args.spool, entry.pw_uid, entry.pw_gid)
        drop_privileges(args.user)

    spool = Spool(args.spool)
    running = True

    def stop(*_):
        nonlocal running
        running = False
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    sock.settimeout(1.0)
    count = 0
    while running:
        try:
            data, (host, _port) = sock.recvfrom(65535)
        except socket.timeout:
            continue
        spool.write(parse(data, host))
        count += 1
        if count % 10000 == 0:
            log.info("%d messages relayed", count)
    spool.close()
    log.info("stopped after %d messages", count)


if __name__ == "__main__":
    main()
