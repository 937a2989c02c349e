#!/usr/bin/env python3
"""Listen for SNMP traps from the boathouse pager base station.

The pager base station (the transmitter on the boathouse roof) only knows
how to report faults as SNMPv1 traps to UDP/162.  This daemon takes the
port, then runs as the unprivileged 'pagerd' account and turns each trap
into a line in pager_faults.log plus a flag file the station display polls.

Decoding is deliberately minimal: we only need the enterprise OID, the
specific-trap number and the first varbind string.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("pager_traps")

FAULTS = {
    1: "transmitter power low",
    2: "antenna VSWR high",
    3: "mains failed - on battery",
    4: "battery low",
    5: "paging encoder offline",
}


def _read_tlv(buf, pos):
    tag = buf[pos]
    length = buf[pos + 1]
    pos += 2
    if length & 0x80:
        n = length & 0x7F
        length = int.from_bytes(buf[pos:pos + n], "big")
        pos += n
    return tag, buf[pos:pos + length], pos + length


def decode_trap(data):
    """Return (specific_trap, message) from an SNMPv1 trap, best effort."""
    _, msg, _ = _read_tlv(data, 0)
    pos = 0
    _, _version, pos = _read_tlv(msg, pos)
    _, _community, pos = _read_tlv(msg, pos)
    _, pdu, _ = _read_tlv(msg, pos)
    pos = 0
    fields = []
    for _ in range(6):
        tag, value, pos = _read_tlv(pdu, pos)
        fields.append(value)
    specific = int.from_bytes(fields[4], "big") if fields[4] else 0
    message = ""
    _, varbinds, _ = _read_tlv(pdu, pos)
    if varbinds:
        _, first, _ = _read_tlv(varbinds, 0)
        _, _oid, vpos = _read_tlv(first, 0)
        tag, value, _ = _read_tlv(first, vpos)
        if tag == 0x04:
            message = value.decode("utf-8", errors="replace")
    return specific, message


class Identity:
    """Switch the process to the service account after binding."""

    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "{} failed: {}".format(what, os.strerror(err)))

    def assume(self):
        os.setgroups([])
        gid = ctypes.c_uint(self.gid)
        uid = ctypes.c_uint(self.pw.pw_uid)
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.pw.pw_dir
        LOG.info("running as %s (uid %d)", self.pw.pw_name, self.pw.pw_uid)


def serve(sock, log_path, flag_path):
    while True:
        data, (peer, _port) = sock.recvfrom(4096)
        try:
            specific, message = decode_trap(data)
        except (IndexError, ValueError) as exc:
            LOG.warning("undecodable trap from %s: %s", peer, exc)
            continue
        text = FAULTS.get(specific, "fault {}".format(specific))
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        line = "{} {} {} {}\n".format(stamp, peer, text, message).rstrip() + "\n"
        with open(log_path, "a") as fh:
            fh.write(line)
        Path(flag_path).write_text(text + "\n")
        LOG.warning("base station: %s %s", text, message)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pager base station trap listener")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=162)
    ap.add_argument("--user", default="pagerd")
    ap.add_argument("--group", default=None)
    ap.add_argument("--log", default="pager_faults.log")
    ap.add_argument("--flag", default="pager_fault.flag")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.listen, args.port))
    except PermissionError:
        LOG.error("cannot bind UDP/%d - start this as root", args.port)
        return 1

    try:
        Identity(args.user, args.group).assume()
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        return 1

    LOG.info("listening for traps on %s:%d", args.listen, args.port)
    try:
        serve(sock, args.log, args.flag)
    except KeyboardInterrupt:
        return 0
    finally:
        sock.close()


if __name__ == "__main__":
    sys.exit(main())
