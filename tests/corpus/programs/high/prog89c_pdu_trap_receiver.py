#!/usr/bin/env python3
"""Minimal SNMPv2c trap receiver for rack PDUs.

Listens on the standard trap port, decodes just enough BER to pull out the
community, trap OID and varbinds, and appends one JSON line per trap to
traps.jsonl for the breaker-trip dashboard. Runs under the site's
unprivileged monitoring account once the socket is open.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import socket
import sys
import time

log = logging.getLogger("trap_rx")

SNMP_TRAP_OID = "1.3.6.1.6.3.1.1.4.1.0"
PDU_TRAP_NAMES = {
    "1.3.6.1.4.1.13742.6.0.5": "outletOverCurrent",
    "1.3.6.1.4.1.13742.6.0.17": "circuitBreakerTripped",
    "1.3.6.1.4.1.1718.3.0.1": "towerStatusChange",
}


def read_tlv(buf: bytes, i: int):
    tag = buf[i]
    length = buf[i + 1]
    i += 2
    if length & 0x80:
        n = length & 0x7F
        length = int.from_bytes(buf[i:i + n], "big")
        i += n
    return tag, buf[i:i + length], i + length


def decode_oid(raw: bytes) -> str:
    parts = [raw[0] // 40, raw[0] % 40]
    acc = 0
    for b in raw[1:]:
        acc = (acc << 7) | (b & 0x7F)
        if not b & 0x80:
            parts.append(acc)
            acc = 0
    return ".".join(map(str, parts))


def decode_value(tag: int, raw: bytes):
    if tag == 0x06:
        return decode_oid(raw)
    if tag in (0x02, 0x41, 0x42, 0x43, 0x46):
        return int.from_bytes(raw, "big", signed=(tag == 0x02))
    if tag == 0x04:
        return raw.decode("utf-8", "replace")
    if tag == 0x40 and len(raw) == 4:
        return socket.inet_ntoa(raw)
    return raw.hex()


def parse_trap(datagram: bytes) -> dict:
    _, msg, _ = read_tlv(datagram, 0)
    _, version, i = read_tlv(msg, 0)
    _, community, i = read_tlv(msg, i)
    pdu_tag, pdu, _ = read_tlv(msg, i)
    if pdu_tag != 0xA7:
        raise ValueError(f"not a v2 trap PDU (tag 0x{pdu_tag:02x})")
    j = 0
    for _ in range(3):  # request-id, error-status, error-index
        _, _, j = read_tlv(pdu, j)
    _, varbind_list, _ = read_tlv(pdu, j)
    varbinds, k = {}, 0
    while k < len(varbind_list):
        _, vb, k = read_tlv(varbind_list, k)
        _, oid_raw, m = read_tlv(vb, 0)
        vtag, vraw, _ = read_tlv(vb, m)
        varbinds[decode_oid(oid_raw)] = decode_value(vtag, vraw)
    trap_oid = varbinds.get(SNMP_TRAP_OID, "")
    return {
        "version": int.from_bytes(version, "big"),
        "community": community.decode("ascii", "replace"),
        "trap": PDU_TRAP_NAMES.get(trap_oid, trap_oid),
        "varbinds": varbinds,
    }


def drop_privileges(user: str) -> None:
    if os.getuid() != 0:
        return
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", user, entry.pw_uid)


def serve(sock: socket.socket, out_path: str, communities: set) -> None:
    with open(out_path, "a", buffering=1) as out:
        while True:
            data, (src, _) = sock.recvfrom(65535)
            try:
                trap = parse_trap(data)
            except (IndexError, ValueError) as exc:
                log.debug("undecodable datagram from %s: %s", src, exc)
                continue
            if communities and trap["community"] not in communities:
                log.warning("trap from %s with unknown community", src)
                continue
            trap.update(source=src, received=time.time())
            trap.pop("community")
            out.write(json.dumps(trap, sort_keys=True) + "\n")
            log.info("%s from %s", trap["trap"], src)


def main() -> int:
    ap = argparse.ArgumentParser(description="PDU SNMP trap receiver")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=162)
    ap.add_argument("--user", default="colomon")
    ap.add_argument("--out", default="traps.jsonl")
    ap.add_argument("--community", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 * 1024 * 1024)
    try:
        sock.bind((args.listen, args.port))
    except PermissionError:
        log.error("binding %s:%d needs root", args.listen, args.port)
        return 1
    try:
        drop_privileges(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        serve(sock, args.out, set(args.community))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
