#!/usr/bin/env python3
"""Low-interaction SSH banner honeypot.

Presents an OpenSSH-looking banner on an unprivileged port, records the
client identification string and whatever the client sends in the first
few seconds, and appends one JSON object per connection to
./hp-events.jsonl for the SIEM forwarder to pick up.
"""
import argparse
import asyncio
import json
import logging
import os
import random
import signal
import time
from dataclasses import asdict, dataclass, field

LOG = logging.getLogger("hp-ssh")

BANNERS = [
    "SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6",
    "SSH-2.0-OpenSSH_8.4p1 Debian-5+deb11u3",
    "SSH-2.0-OpenSSH_7.4",
]


@dataclass
class Session:
    src_ip: str
    src_port: int
    dst_port: int
    started: float = field(default_factory=time.time)
    client_version: str = ""
    first_bytes_hex: str = ""
    bytes_in: int = 0
    duration: float = 0.0


class EventSink:
    def __init__(self, path):
        self.path = path
        self._lock = asyncio.Lock()

    async def write(self, session):
        record = {"eventid": "hp.ssh.connect", "sensor": os.uname().nodename, **asdict(session)}
        line = json.dumps(record, separators=(",", ":")) + "\n"
        async with self._lock:
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(line)


class BannerHoneypot:
    def __init__(self, sink, banner, read_window=8.0, max_bytes=4096):
        self.sink = sink
        self.banner = banner
        self.read_window = read_window
        self.max_bytes = max_bytes

    async def handle(self, reader, writer):
        peer = writer.get_extra_info("peername") or ("?", 0)
        local = writer.get_extra_info("sockname") or ("?", 0)
        sess = Session(src_ip=peer[0], src_port=peer[1], dst_port=local[1])
        LOG.info("connection from %s:%s", *peer[:2])
        try:
            await asyncio.sleep(random.uniform(0.05, 0.4))
            writer.write((self.banner + "\r\n").encode())
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), timeout=self.read_window)
            sess.client_version = line.decode("latin-1").strip()[:255]
            rest = await asyncio.wait_for(reader.read(self.max_bytes), timeout=self.read_window)
            sess.first_bytes_hex = rest[:256].hex()
            sess.bytes_in = len(line) + len(rest)
        except (asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            sess.duration = round(time.time() - sess.started, 3)
            writer.close()
            await self.sink.write(sess)


async def serve(args):
    sink = EventSink(args.events)
    hp = BannerHoneypot(sink, args.banner or random.choice(BANNERS))
    server = await asyncio.start_server(hp.handle, host=args.bind, port=args.port,
                                        reuse_address=True, backlog=256)
    addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
    LOG.info("listening on %s, banner %r", addrs, hp.banner)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        await stop.wait()
    LOG.info("shutting down")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default=os.environ.get("HP_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("HP_PORT", "2222")))
    ap.add_argument("--banner")
    ap.add_argument("--events", default="hp-events.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()
