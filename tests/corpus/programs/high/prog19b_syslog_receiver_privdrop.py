#!/usr/bin/env python3
"""Tiny UDP syslog receiver for lab switches.

Binds the privileged syslog port 514 while still root, then drops to an
unprivileged service account before processing any packet. Messages are
appended to per-host files in the output directory.
"""
import argparse
import grp
import logging
import os
import pwd
import re
import socket
import sys
from pathlib import Path

logger = logging.getLogger("syslog-rx")
PRI_RE = re.compile(rb"^<(\d{1,3})>")


def drop_privileges(user, group):
    """Switch the process to user/group permanently."""
    if os.getuid() != 0:
        logger.info("not running as root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    logger.info("dropped privileges to %s:%s (uid=%d)", user, group, pw.pw_uid)


def parse_message(data):
    """Return (facility, severity, text) for an RFC 3164 style packet."""
    match = PRI_RE.match(data)
    if not match:
        return None, None, data.decode("utf-8", "replace").strip()
    pri = int(match.group(1))
    text = data[match.end():].decode("utf-8", "replace").strip()
    return pri // 8, pri % 8, text


class Receiver:
    def __init__(self, bind, port, outdir):
        self.outdir = Path(outdir)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((bind, port))
        logger.info("listening on %s:%d", bind, port)

    def serve(self, max_packets=None):
        self.outdir.mkdir(parents=True, exist_ok=True)
        count = 0
        while max_packets is None or count < max_packets:
            data, (addr, _port) = self.sock.recvfrom(8192)
            facility, severity, text = parse_message(data)
            target = self.outdir / f"{addr}.log"
            with target.open("a", encoding="utf-8") as fh:
                fh.write(f"fac={facility} sev={severity} {text}\n")
            count += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=514)
    parser.add_argument("--user", default="nobody")
    parser.add_argument("--group", default="nogroup")
    parser.add_argument("--outdir", default="./syslog")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        receiver = Receiver(args.bind, args.port, args.outdir)
        drop_privileges(args.user, args.group)
    except (OSError, KeyError) as exc:
        logger.error("startup failed: %s", exc)
        return 1
    try:
        receiver.serve()
    except KeyboardInterrupt:
        logger.info("shutting down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
