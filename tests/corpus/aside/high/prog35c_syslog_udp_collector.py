#!/usr/bin/env python3
"""Minimal syslog-over-UDP collector.

Binds the privileged port 514 while still root, then switches to an
unprivileged account via libc (setgroups/setgid/setuid) and appends every
received message to a daily file under ./syslog-capture/.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import grp
import logging
import os
import pwd
import re
import selectors
import signal
import socket
import sys
from pathlib import Path

log = logging.getLogger("udp-syslog")

PRI_RE = re.compile(rb"^<(\d{1,3})>")
FACILITIES = ["kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news",
              "uucp", "cron", "authpriv", "ftp", "ntp", "audit", "alert", "clock"] + \
             [f"local{i}" for i in range(8)]

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setgid.argtypes = [ctypes.c_uint]
_libc.setuid.argtypes = [ctypes.c_uint]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user: str, group: str) -> None:
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setgid(gid), "setgid")
    _check(_libc.setuid(pw.pw_uid), "setuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


def decode(data: bytes) -> tuple:
    m = PRI_RE.match(data)
    if not m:
        return "user", "notice", data.decode("utf-8", "replace")
    pri = int(m.group(1))
    fac, sev = divmod(pri, 8)
    sev_name = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"][sev]
    fac_name = FACILITIES[fac] if fac < len(FACILITIES) else str(fac)
    return fac_name, sev_name, data[m.end():].decode("utf-8", "replace")


class Collector:
    def __init__(self, outdir: Path, bind: str, port: int):
        self.outdir = outdir
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((bind, port))
        self.sock.setblocking(False)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.sock, selectors.EVENT_READ)
        self.running = True
        self.count = 0

    def _file_for_today(self):
        name = dt.date.today().strftime("%Y-%m-%d") + ".log"
        return open(self.outdir / name, "a", encoding="utf-8")

    def serve(self) -> None:
        self.outdir.mkdir(parents=True, exist_ok=True)
        while self.running:
            for _key, _ev in self.sel.select(timeout=1.0):
                try:
                    data, (addr, _port) = self.sock.recvfrom(8192)
                except BlockingIOError:
                    continue
                fac, sev, msg = decode(data)
                stamp = dt.datetime.now().isoformat(timespec="seconds")
                with self._file_for_today() as fh:
                    fh.write(f"{stamp} {addr} {fac}.{sev} {msg.rstrip()}\n")
                self.count += 1

    def stop(self, *_):
        self.running = False


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("--outdir", default="syslog-capture", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    collector = Collector(args.outdir.resolve(), args.bind, args.port)
    log.info("listening on %s:%d/udp", args.bind, args.port)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    signal.signal(signal.SIGTERM, collector.stop)
    signal.signal(signal.SIGINT, collector.stop)
    collector.serve()
    log.info("received %d messages", collector.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
