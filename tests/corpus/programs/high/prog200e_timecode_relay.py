#!/usr/bin/env python3
"""Timecode relay for synchronised music-and-fireworks shows.

Listens for the audio desk's timecode packets on the legacy port and
rebroadcasts them to the firing modules. Opens its socket first, then
switches to the service account before handling any traffic.
"""
import argparse
import ctypes
import ctypes.util
import logging
import pwd
import socket
import struct
import sys
import time

log = logging.getLogger("tc_relay")


class Identity:
    _libc = None
    calls = ("setgroups", "setgid", "setuid")

    @classmethod
    def libc(cls):
        if cls._libc is None:
            cls._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        return cls._libc

    @classmethod
    def become(cls, account):
        entry = pwd.getpwnam(account)
        lib = cls.libc()
        fn_groups, fn_gid, fn_uid = (getattr(lib, n) for n in cls.calls)
        groups = (ctypes.c_uint * 1)(entry.pw_gid)
        plan = (
            (fn_groups, (1, groups)),
            (fn_gid, (entry.pw_gid,)),
            (fn_uid, (entry.pw_uid,)),
        )
        for fn, args in plan:
            if fn(*args) != 0:
                err = ctypes.get_errno()
                raise OSError(err, "identity switch failed at %s" % fn.__name__)
        log.info("now running as %s (%d:%d)", account, entry.pw_uid, entry.pw_gid)


def open_listener(addr, port):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port))
    return s


def open_broadcast():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
    return s


def decode_frame(data):
    if len(data) < 8:
        return None
    hh, mm, ss, ff, rate = struct.unpack("!BBBBI", data[:8])
    if hh > 23 or mm > 59 or ss > 59:
        return None
    return hh, mm, ss, ff, rate


def relay(listener, out, target, verbose_every):
    seen = 0
    last = time.monotonic()
    while True:
        data, src = listener.recvfrom(256)
        frame = decode_frame(data)
        if frame is None:
            continue
        out.sendto(data[:8], target)
        seen += 1
        if verbose_every and seen % verbose_every == 0:
            now = time.monotonic()
            log.debug("%02d:%02d:%02d:%02d from %s (%.1f fps)", *frame[:4], src[0],
                      verbose_every / max(now - last, 1e-6))
            last = now


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Relay show timecode to firing modules")
    p.add_argument("--listen", default="0.0.0.0")
    p.add_argument("--port", type=int, default=123)
    p.add_argument("--target", default="10.44.0.255")
    p.add_argument("--target-port", type=int, default=9761)
    p.add_argument("--user", default="pyrotc")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        listener = open_listener(args.listen, args.port)
        Identity.become(args.user)
    except (OSError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 1
    out = open_broadcast()
    try:
        relay(listener, out, (args.target, args.target_port),
              250 if args.verbose else 0)
    except KeyboardInterrupt:
        log.info("relay stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
