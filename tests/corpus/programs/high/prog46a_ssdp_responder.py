#!/usr/bin/env python3
"""Tiny SSDP/UPnP responder announcing the home media box on the LAN.

Binds the SSDP multicast port and an HTTP description port below 1024 while
still root, then switches to the unprivileged `mediabox` account through libc
so the long-running loop does not keep root.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import socket
import struct
import sys
import uuid

log = logging.getLogger("ssdp")
SSDP_ADDR, SSDP_PORT = "239.255.255.250", 1900
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

RESPONSE = (
    "HTTP/1.1 200 OK\r\n"
    "CACHE-CONTROL: max-age=1800\r\n"
    "EXT:\r\n"
    "LOCATION: http://{host}:{port}/description.xml\r\n"
    "SERVER: Linux/6 UPnP/1.0 mediabox/2.1\r\n"
    "ST: {st}\r\n"
    "USN: uuid:{uid}::{st}\r\n\r\n"
)
SEARCH_TARGETS = ("ssdp:all", "upnp:rootdevice", "urn:schemas-upnp-org:device:MediaServer:1")


def open_sockets(http_port):
    ssdp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    ssdp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ssdp.bind(("", SSDP_PORT))
    mreq = struct.pack("4sl", socket.inet_aton(SSDP_ADDR), socket.INADDR_ANY)
    ssdp.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, mreq)
    desc = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    desc.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    desc.bind(("", http_port))
    desc.listen(8)
    return ssdp, desc


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def drop_to(user):
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    _check(libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s (uid %d)", user, pw.pw_uid)


def local_ip():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect((SSDP_ADDR, SSDP_PORT))
        return probe.getsockname()[0]
    finally:
        probe.close()


def serve(ssdp, http_port, uid):
    host = local_ip()
    while True:
        data, addr = ssdp.recvfrom(2048)
        text = data.decode("utf-8", errors="replace")
        if not text.startswith("M-SEARCH"):
            continue
        st = next((l.split(":", 1)[1].strip() for l in text.split("\r\n")
                   if l.upper().startswith("ST:")), "")
        if st in SEARCH_TARGETS:
            reply = RESPONSE.format(host=host, port=http_port, st=st, uid=uid)
            ssdp.sendto(reply.encode(), addr)
            log.debug("answered %s for %s", addr[0], st)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="mediabox")
    ap.add_argument("--http-port", type=int, default=80)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ssdp, _desc = open_sockets(args.http_port)
    try:
        drop_to(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    serve(ssdp, args.http_port, uuid.uuid5(uuid.NAMESPACE_DNS, socket.gethostname()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
