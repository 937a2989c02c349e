#!/usr/bin/env python3
"""Minimal pcap writer for CTF network challenges.

Opens an AF_PACKET socket on one interface, then immediately switches to an
unprivileged account before parsing any attacker-controlled traffic, and
writes frames to a classic libpcap file. Useful on stripped-down challenge
VMs that have python3 but no tcpdump.

    sniffer_priv_drop.py -i eth0 -o chal.pcap --count 5000 --user nobody
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import struct
import sys
import time

log = logging.getLogger("sniff")

ETH_P_ALL = 0x0003
PCAP_MAGIC = 0xA1B2C3D4
LINKTYPE_ETHERNET = 1


class PrivilegeDropper:
    """Switch real/effective/saved ids to a target account via libc."""

    def __init__(self, username):
        pw = pwd.getpwnam(username)
        self.uid, self.gid = pw.pw_uid, pw.pw_gid
        self.username = username
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        for fn in ("setresuid", "setresgid", "setgroups"):
            getattr(self.libc, fn).restype = ctypes.c_int

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        groups = (ctypes.c_uint * 1)(self.gid)
        self._check(self.libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        self._check(self.libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self.libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("now running as %s (%d:%d)", self.username, os.getuid(), os.getgid())


class PcapWriter:
    def __init__(self, fh, snaplen):
        self.fh = fh
        self.snaplen = snaplen
        fh.write(struct.pack("<IHHiIII", PCAP_MAGIC, 2, 4, 0, 0, snaplen, LINKTYPE_ETHERNET))

    def write(self, frame, ts=None):
        ts = ts or time.time()
        sec = int(ts)
        usec = int((ts - sec) * 1_000_000)
        data = frame[: self.snaplen]
        self.fh.write(struct.pack("<IIII", sec, usec, len(data), len(frame)))
        self.fh.write(data)


def open_capture(iface, bufsize):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, bufsize)
    s.bind((iface, 0))
    return s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--iface", required=True)
    ap.add_argument("-o", "--output", default="capture.pcap")
    ap.add_argument("-c", "--count", type=int, default=0, help="0 = until Ctrl-C")
    ap.add_argument("-s", "--snaplen", type=int, default=65535)
    ap.add_argument("--user", default=os.environ.get("SNIFF_USER", "nobody"))
    ap.add_argument("--bufsize", type=int, default=4 << 20)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        dropper = PrivilegeDropper(args.user)
    except KeyError:
        log.error("no such user %s", args.user)
        return 2

    # output file is opened before the switch so it can live in a root-owned dir
    try:
        out = open(args.output, "wb")
        sock = open_capture(args.iface, args.bufsize)
    except PermissionError:
        log.error("raw capture needs root or CAP_NET_RAW")
        return 1
    except OSError as exc:
        log.error("cannot open %s: %s", args.iface, exc)
        return 1

    if os.geteuid() == 0:
        try:
            os.fchown(out.fileno(), dropper.uid, grp.getgrgid(dropper.gid).gr_gid)
            dropper.apply()
        except OSError as exc:
            log.error("privilege switch failed, refusing to continue: %s", exc)
            return 1

    writer = PcapWriter(out, args.snaplen)
    seen = 0
    try:
        while args.count == 0 or seen < args.count:
            frame = sock.recv(args.snaplen)
            writer.write(frame)
            seen += 1
            if seen % 1000 == 0:
                out.flush()
                log.debug("%d frames", seen)
    except KeyboardInterrupt:
        pass
    finally:
        out.close()
        sock.close()
    log.info("wrote %d frames to %s", seen, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
