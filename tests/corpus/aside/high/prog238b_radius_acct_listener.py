#!/usr/bin/env python3
"""Lightweight RADIUS accounting listener for the hall access switches.

Binds the privileged accounting port on the NAC management address,
then drops to an unprivileged service account and records Acct-Start /
Acct-Stop events (session id, MAC, port) to a CSV in the working
directory for usage reporting. It never answers authentication requests.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import socket
import struct
import sys
import time

LOG = logging.getLogger("radius_acct_listener")
ACCOUNTING_REQUEST = 4
ATTR_NAMES = {1: "user", 5: "nas_port", 31: "calling_station", 40: "status_type", 44: "session_id"}
STATUS_TYPES = {1: "start", 2: "stop", 3: "interim"}


def drop_privileges(user, group):
    """Give up root after binding: groups first, then gid, then uid."""
    if os.geteuid() != 0:
        LOG.info("not running as root; no privileges to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    LOG.info("now running as %s:%s", user, group)


def parse_attributes(data):
    attrs, offset = {}, 20
    while offset + 2 <= len(data):
        atype, alen = data[offset], data[offset + 1]
        if alen < 2 or offset + alen > len(data):
            break
        value = data[offset + 2: offset + alen]
        name = ATTR_NAMES.get(atype)
        if name in ("nas_port", "status_type") and len(value) == 4:
            attrs[name] = struct.unpack("!I", value)[0]
        elif name:
            attrs[name] = value.decode("utf-8", "replace")
        offset += alen
    return attrs


class AccountingLog:
    FIELDS = ("ts", "nas", "status", "session_id", "user", "calling_station", "nas_port")

    def __init__(self, path):
        new = not os.path.exists(path)
        self.fh = open(path, "a", newline="", encoding="utf-8")
        self.writer = csv.DictWriter(self.fh, fieldnames=self.FIELDS, extrasaction="ignore")
        if new:
            self.writer.writeheader()

    def record(self, nas, attrs):
        row = dict(attrs, ts=int(time.time()), nas=nas,
                   status=STATUS_TYPES.get(attrs.get("status_type"), "other"))
        self.writer.writerow(row)
        self.fh.flush()


def serve(sock, log, allowed):
    while True:
        data, (addr, _port) = sock.recvfrom(4096)
        if addr not in allowed:
            LOG.warning("ignoring packet from unknown NAS %s", addr)
            continue
        if len(data) < 20 or data[0] != ACCOUNTING_REQUEST:
            continue
        log.record(addr, parse_attributes(data))


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", default="192.0.2.10")
    parser.add_argument("--port", type=int, default=1813)
    parser.add_argument("--user", default="radacct")
    parser.add_argument("--group", default="radacct")
    parser.add_argument("--nas", action="append", default=["192.0.2.101", "192.0.2.102"])
    parser.add_argument("--out", default="accounting.csv")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args(argv)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.bind((args.bind, args.port))
    except PermissionError:
        LOG.error("binding port %d needs root", args.port)
        return 1
    log = AccountingLog(args.out)
    drop_privileges(args.user, args.group)
    LOG.info("listening on %s:%d for %s", args.bind, args.port, ", ".join(args.nas))
    try:
        serve(sock, log, set(args.nas))
    except KeyboardInterrupt:
        LOG.info("shutting down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
