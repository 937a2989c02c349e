#!/usr/bin/env python3
"""Summarise the busiest IPv4 conversations in a capture by asking tshark.

Unlike a hand-rolled parser this handles pcapng, VLANs, tunnels and every
linktype tshark understands.  Reads an existing capture file (no live
capture) and writes a CSV report into the current directory.
"""
import argparse
import collections
import csv
import logging
import shutil
from pathlib import Path
from subprocess import PIPE, Popen

LOG = logging.getLogger("tsharkconv")

FIELDS = ("ip.src", "ip.dst", "ip.proto", "frame.len")


class TsharkError(RuntimeError):
    pass


def build_command(binary, capture, display_filter):
    cmd = [binary, "-n", "-r", str(capture), "-T", "fields",
           "-E", "separator=,", "-E", "occurrence=f"]
    for field in FIELDS:
        cmd += ["-e", field]
    if display_filter:
        cmd += ["-Y", display_filter]
    return cmd


def stream_rows(cmd):
    """Run tshark and yield parsed rows as they arrive."""
    LOG.debug("running: %s", " ".join(cmd))
    proc = Popen(cmd, stdout=PIPE, stderr=PIPE, text=True, bufsize=1)
    try:
        for line in proc.stdout:
            parts = line.rstrip("\n").split(",")
            if len(parts) != len(FIELDS) or not parts[0]:
                continue
            src, dst, proto, length = parts
            try:
                yield src, dst, int(proto), int(length)
            except ValueError:
                continue
    finally:
        proc.stdout.close()
        err = proc.stderr.read()
        if proc.wait() != 0:
            raise TsharkError(err.strip() or "tshark exited %d" % proc.returncode)


def summarise(rows):
    talkers = collections.Counter()
    packets = collections.Counter()
    for src, dst, proto, length in rows:
        key = (min(src, dst), max(src, dst), proto)
        talkers[key] += length
        packets[key] += 1
    return talkers, packets


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("capture", type=Path, help="pcap or pcapng file")
    ap.add_argument("-Y", "--filter", default="ip", help="tshark display filter")
    ap.add_argument("-n", "--top", type=int, default=20)
    ap.add_argument("-o", "--output", type=Path, default=Path("conversations.csv"))
    ap.add_argument("--tshark", default=shutil.which("tshark") or "tshark")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.capture.is_file():
        LOG.error("no such capture: %s", args.capture)
        return 2
    cmd = build_command(args.tshark, args.capture, args.filter)
    try:
        talkers, packets = summarise(stream_rows(cmd))
    except (OSError, TsharkError) as exc:
        LOG.error("tshark failed: %s", exc)
        return 1
    with open(args.output, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["host_a", "host_b", "ip_proto", "bytes", "packets"])
        for (a, b, proto), nbytes in talkers.most_common(args.top):
            writer.writerow([a, b, proto, nbytes, packets[(a, b, proto)]])
    LOG.info("wrote %s", args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
