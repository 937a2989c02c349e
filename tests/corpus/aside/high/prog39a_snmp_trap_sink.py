#!/usr/bin/env python3
"""Minimal SNMPv2c trap sink for the NOC lab.

Binds udp/162 on the management address (needs root for the low port),
then permanently drops to an unprivileged account using libc directly
(setgroups/setresgid/setresuid), and appends decoded trap summaries to
./traps.log as JSON lines.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socket
import sys
import time

log = logging.getLogger("trapsink")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_privileges(username):
    """Switch the whole process to *username* with no supplementary groups."""
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    # paranoia: regaining root must now fail
    if _libc.setresuid(0, 0, 0) == 0:
        raise RuntimeError("privilege drop did not stick")
    os.umask(0o027)
    log.info("running as %s (uid=%d gid=%d)", username, uid, gid)


# --- tiny BER reader, just enough for v2c trap PDUs --------------------------

def ber_read(buf, pos):
    tag = buf[pos]
    length = buf[pos + 1]
    pos += 2
    if length & 0x80:
        n = length & 0x7F
        length = int.from_bytes(buf[pos:pos + n], "big")
        pos += n
    return tag, buf[pos:pos + length], pos + length


def decode_oid(raw):
    first = raw[0]
    parts = [first // 40, first % 40]
    val = 0
    for b in raw[1:]:
        val = (val << 7) | (b & 0x7F)
        if not b & 0x80:
            parts.append(val)
            val = 0
    return ".".join(map(str, parts))


def decode_value(tag, raw):
    if tag == 0x06:
        return decode_oid(raw)
    if tag in (0x02, 0x41, 0x42, 0x43, 0x46):
        return int.from_bytes(raw, "big", signed=(tag == 0x02))
    if tag == 0x40 and len(raw) == 4:
        return socket.inet_ntoa(raw)
    return raw.decode("utf-8", "replace")


def parse_trap(datagram):
    _, msg, _ = ber_read(datagram, 0)
    _, version, p = ber_read(msg, 0)
    _, community, p = ber_read(msg, p)
    pdu_tag, pdu, _ = ber_read(msg, p)
    if pdu_tag != 0xA7:
        raise ValueError(f"not a v2 trap (pdu 0x{pdu_tag:02x})")
    p = 0
    for _ in range(3):  # request-id, error-status, error-index
        _, _, p = ber_read(pdu, p)
    _, varbinds, _ = ber_read(pdu, p)
    out, p = {}, 0
    while p < len(varbinds):
        _, vb, p = ber_read(varbinds, p)
        _, oid_raw, q = ber_read(vb, 0)
        vtag, vraw, _ = ber_read(vb, q)
        out[decode_oid(oid_raw)] = decode_value(vtag, vraw)
    return community.decode("ascii", "replace"), out


def serve(sock, logfile, communities):
    with open(logfile, "a", buffering=1) as out:
        while True:
            data, (src, _port) = sock.recvfrom(65535)
            try:
                community, binds = parse_trap(data)
            except (IndexError, ValueError) as exc:
                log.debug("dropping malformed packet from %s: %s", src, exc)
                continue
            if communities and community not in communities:
                log.warning("trap from %s with unknown community", src)
                continue
            trap_oid = binds.get("1.3.6.1.6.3.1.1.4.1.0", "?")
            record = {"ts": time.time(), "src": src, "trap": trap_oid, "varbinds": binds}
            out.write(json.dumps(record, default=str) + "\n")
            log.info("%s %s (%d varbinds)", src, trap_oid, len(binds))


def main():
    ap = argparse.ArgumentParser(description="SNMP trap sink")
    ap.add_argument("--listen", default="10.20.0.5", help="management IP to bind")
    ap.add_argument("--port", type=int, default=162)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--community", action="append", default=[])
    ap.add_argument("--log", default="traps.log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.listen, args.port))
    except PermissionError:
        log.error("binding udp/%d needs root", args.port)
        return 1
    if os.geteuid() == 0:
        drop_privileges(args.user)
    try:
        serve(sock, args.log, set(args.community))
    except KeyboardInterrupt:
        return 0
    finally:
        sock.close()


if __name__ == "__main__":
    sys.exit(main())
