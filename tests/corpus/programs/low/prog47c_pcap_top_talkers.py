#!/usr/bin/env python3
"""Summarise the busiest IPv4 conversations in a classic libpcap capture file.

Pure-Python reader: no tshark, no scapy.  Reads a .pcap that lives in the
current project directory and writes a CSV report next to it.
"""
import argparse
import collections
import csv
import ipaddress
import logging
import struct
from pathlib import Path

LOG = logging.getLogger("toptalkers")

PCAP_MAGIC_LE = 0xA1B2C3D4
PCAP_MAGIC_NS = 0xA1B23C4D
LINKTYPE_ETHERNET = 1
ETHERTYPE_IPV4 = 0x0800
ETHERTYPE_VLAN = 0x8100


class PcapFormatError(Exception):
    pass


def iter_frames(path):
    """Yield (ts, frame_bytes, orig_len) for every record in the capture."""
    with open(path, "rb") as fh:
        header = fh.read(24)
        if len(header) < 24:
            raise PcapFormatError("truncated global header")
        magic_le = struct.unpack("<I", header[:4])[0]
        if magic_le in (PCAP_MAGIC_LE, PCAP_MAGIC_NS):
            endian = "<"
        elif struct.unpack(">I", header[:4])[0] in (PCAP_MAGIC_LE, PCAP_MAGIC_NS):
            endian = ">"
        else:
            raise PcapFormatError("not a libpcap file (pcapng is not supported)")
        linktype = struct.unpack(endian + "I", header[20:24])[0]
        if linktype != LINKTYPE_ETHERNET:
            raise PcapFormatError("unsupported linktype %d" % linktype)
        rec_fmt = endian + "IIII"
        while True:
            rec = fh.read(16)
            if len(rec) < 16:
                return
            ts_sec, ts_frac, incl_len, orig_len = struct.unpack(rec_fmt, rec)
            data = fh.read(incl_len)
            if len(data) < incl_len:
                LOG.warning("capture ends mid-packet, stopping")
                return
            yield ts_sec + ts_frac / 1e6, data, orig_len


def parse_ipv4(frame):
    """Return (src, dst, proto) or None for non-IPv4 frames."""
    offset = 12
    ethertype = struct.unpack("!H", frame[offset:offset + 2])[0]
    if ethertype == ETHERTYPE_VLAN:
        offset += 4
        ethertype = struct.unpack("!H", frame[offset:offset + 2])[0]
    if ethertype != ETHERTYPE_IPV4:
        return None
    ip = frame[offset + 2:]
    if len(ip) < 20:
        return None
    proto = ip[9]
    src = ipaddress.IPv4Address(ip[12:16])
    dst = ipaddress.IPv4Address(ip[16:20])
    return str(src), str(dst), proto


def summarise(path):
    talkers = collections.Counter()
    packets = collections.Counter()
    skipped = 0
    for _ts, frame, orig_len in iter_frames(path):
        parsed = parse_ipv4(frame)
        if parsed is None:
            skipped += 1
            continue
        src, dst, proto = parsed
        key = (min(src, dst), max(src, dst), proto)
        talkers[key] += orig_len
        packets[key] += 1
    LOG.info("skipped %d non-IPv4 frames", skipped)
    return talkers, packets


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("capture", type=Path, help="capture file in this project")
    ap.add_argument("-n", "--top", type=int, default=20)
    ap.add_argument("-o", "--output", type=Path, default=Path("top_talkers.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        talkers, packets = summarise(args.capture)
    except (OSError, PcapFormatError) as exc:
        LOG.error("cannot read %s: %s", args.capture, exc)
        return 1
    with open(args.output, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["host_a", "host_b", "ip_proto", "bytes", "packets"])
        for (a, b, proto), nbytes in talkers.most_common(args.top):
            writer.writerow([a, b, proto, nbytes, packets[(a, b, proto)]])
    LOG.info("wrote %d conversations to %s", min(args.top, len(talkers)), args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
