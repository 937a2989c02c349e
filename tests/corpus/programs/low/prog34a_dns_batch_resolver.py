#!/usr/bin/env python3
"""Resolve a list of hostnames with hand-built DNS queries over UDP.

Reads names (one per line) from an input file in the working directory,
asks the configured resolver for A records and writes a CSV report.
Useful to compare resolvers without pulling in dnspython.
"""
import argparse
import csv
import logging
import os
import socket
import struct
import sys
import time

logger = logging.getLogger("dnsbatch")

QTYPE_A = 1
QCLASS_IN = 1


def encode_name(name):
    out = bytearray()
    for label in name.rstrip(".").split("."):
        raw = label.encode("idna")
        if not 0 < len(raw) < 64:
            raise ValueError(f"bad label in {name!r}")
        out.append(len(raw))
        out.extend(raw)
    out.append(0)
    return bytes(out)


def build_query(name, txid):
    header = struct.pack("!HHHHHH", txid, 0x0100, 1, 0, 0, 0)
    return header + encode_name(name) + struct.pack("!HH", QTYPE_A, QCLASS_IN)


def skip_name(buf, off):
    while True:
        length = buf[off]
        if length == 0:
            return off + 1
        if length & 0xC0 == 0xC0:
            return off + 2
        off += 1 + length


def parse_answers(buf, txid):
    rid, flags, qd, an, _ns, _ar = struct.unpack("!HHHHHH", buf[:12])
    if rid != txid:
        raise ValueError("transaction id mismatch")
    rcode = flags & 0x000F
    off = 12
    for _ in range(qd):
        off = skip_name(buf, off) + 4
    addrs = []
    for _ in range(an):
        off = skip_name(buf, off)
        rtype, _rclass, ttl, rdlen = struct.unpack("!HHIH", buf[off:off + 10])
        off += 10
        rdata = buf[off:off + rdlen]
        off += rdlen
        if rtype == QTYPE_A and rdlen == 4:
            addrs.append((socket.inet_ntoa(rdata), ttl))
    return rcode, addrs


def resolve(name, server, port, timeout, retries):
    txid = int.from_bytes(os.urandom(2), "big")
    packet = build_query(name, txid)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        for attempt in range(1, retries + 1):
            started = time.monotonic()
            sock.sendto(packet, (server, port))
            try:
                data, _ = sock.recvfrom(1500)
            except socket.timeout:
                logger.debug("timeout for %s (attempt %d)", name, attempt)
                continue
            rtt = (time.monotonic() - started) * 1000
            rcode, addrs = parse_answers(data, txid)
            return rcode, addrs, rtt
    return None, [], None


def read_names(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


def main(argv=None):
    ap = argparse.ArgumentParser(description="batch A-record lookups")
    ap.add_argument("names", help="file with hostnames, one per line")
    ap.add_argument("-s", "--server", default="9.9.9.9")
    ap.add_argument("-p", "--port", type=int, default=53)
    ap.add_argument("-o", "--output", default="resolve_report.csv")
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--retries", type=int, default=2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    failures = 0
    with open(args.output, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["name", "rcode", "addresses", "min_ttl", "rtt_ms"])
        for name in read_names(args.names):
            try:
                rcode, addrs, rtt = resolve(name, args.server, args.port,
                                            args.timeout, args.retries)
            except (ValueError, OSError, struct.error) as exc:
                logger.warning("%s: %s", name, exc)
                failures += 1
                continue
            if rcode is None:
                failures += 1
                writer.writerow([name, "TIMEOUT", "", "", ""])
                continue
            ips = " ".join(a for a, _ in addrs)
            ttl = min((t for _, t in addrs), default="")
            writer.writerow([name, rcode, ips, ttl, f"{rtt:.1f}"])
            logger.info("%-40s %s", name, ips or f"rcode={rcode}")
    logger.info("report written to %s (%d failures)", args.output, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
