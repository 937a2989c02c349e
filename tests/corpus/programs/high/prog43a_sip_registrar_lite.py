#!/usr/bin/env python3
"""Minimal SIP REGISTER responder for lab phones.

Binds the privileged SIP port as root, then drops to an unprivileged
service account via libc (setgroups/setgid/setuid) before handling any
traffic. Registrations are kept in memory and dumped on SIGUSR1."""

import argparse
import ctypes
import ctypes.util
import logging
import pwd
import signal
import socket
import time

log = logging.getLogger("sip-reg-lite")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def drop_privileges(username: str) -> None:
    entry = pwd.getpwnam(username)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    for name, call in (("setgroups", lambda: _libc.setgroups(1, groups)),
                       ("setgid", lambda: _libc.setgid(entry.pw_gid)),
                       ("setuid", lambda: _libc.setuid(entry.pw_uid))):
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")
    log.info("now running as %s (uid=%d gid=%d)", username, entry.pw_uid, entry.pw_gid)


def parse_headers(data: str) -> tuple:
    lines = data.split("\r\n")
    start = lines[0]
    headers = {}
    for line in lines[1:]:
        if not line:
            break
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    return start, headers


class Registrar:
    def __init__(self):
        self.bindings = {}

    def handle(self, data: bytes, addr) -> bytes:
        start, hdr = parse_headers(data.decode(errors="replace"))
        if not start.startswith("REGISTER "):
            return self.reply(hdr, 405, "Method Not Allowed")
        aor = hdr.get("to", "").split(";")[0]
        expires = int(hdr.get("expires", "3600"))
        if expires == 0:
            self.bindings.pop(aor, None)
        else:
            self.bindings[aor] = (hdr.get("contact", ""), addr, time.time() + expires)
        return self.reply(hdr, 200, "OK", extra=f"Expires: {expires}\r\n")

    @staticmethod
    def reply(hdr: dict, code: int, reason: str, extra: str = "") -> bytes:
        msg = (f"SIP/2.0 {code} {reason}\r\n"
               f"Via: {hdr.get('via', '')}\r\nFrom: {hdr.get('from', '')}\r\n"
               f"To: {hdr.get('to', '')};tag=lite1\r\nCall-ID: {hdr.get('call-id', '')}\r\n"
               f"CSeq: {hdr.get('cseq', '')}\r\n{extra}Content-Length: 0\r\n\r\n")
        return msg.encode()

    def dump(self, *_sig) -> None:
        now = time.time()
        for aor, (contact, addr, exp) in sorted(self.bindings.items()):
            log.info("%s -> %s from %s:%d (%ds left)", aor, contact, *addr, int(exp - now))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="192.168.50.1")
    ap.add_argument("--port", type=int, default=5060)
    ap.add_argument("--user", default="sipsvc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.listen, args.port))
    drop_privileges(args.user)

    reg = Registrar()
    signal.signal(signal.SIGUSR1, reg.dump)
    log.info("listening on %s:%d/udp", args.listen, args.port)
    while True:
        data, addr = sock.recvfrom(65535)
        try:
            sock.sendto(reg.handle(data, addr), addr)
        except (ValueError, UnicodeError) as exc:
            log.warning("bad packet from %s: %s", addr, exc)


if __name__ == "__main__":
    main()
