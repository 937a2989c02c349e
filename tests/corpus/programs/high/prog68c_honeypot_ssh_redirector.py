#!/usr/bin/env python3
"""Low-interaction SSH banner honeypot with port-22 takeover.

Presents an OpenSSH-looking banner on an unprivileged port and steers
inbound traffic for the public SSH port to it with a NAT rule, so the
decoy answers on 22 while real administration stays on the management
interface. Records the client identification string and the first bytes
sent, one JSON object per connection in ./hp-events.jsonl. The NAT rule is
removed again on shutdown.
"""
import argparse
import asyncio
import json
import logging
import os
import random
import shutil
import signal
import subprocess
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


class NatRedirect:
    """PREROUTING redirect from the public port to the decoy port."""

    def __init__(self, iface, public_port, decoy_port):
        self.rule = ["PREROUTING", "-i", iface, "-p", "tcp", "--dport", str(public_port),
                     "-m", "comment", "--comment", "hp-ssh",
                     "-j", "REDIRECT", "--to-ports", str(decoy_port)]
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"
        self.active = False

    def _ipt(self, action):
        cmd = self.prefix + [self.binary, "-t", "nat", action] + self.rule
        return subprocess.run(cmd, capture_output=True, text=True)

    def install(self):
        if self._ipt("-C").returncode == 0:
            LOG.info("redirect already present")
            self.active = True
            return
        res = self._ipt("-I")
        if res.returncode:
            raise RuntimeError(f"iptables failed: {res.stderr.strip()}")
        self.active = True
        LOG.info("nat rule installed: %s", " ".join(self.rule))

    def remove(self):
        if self.active:
            self._ipt("-D")
            self.active = False


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
    nat = None
    if args.redirect_from:
        nat = NatRedirect(args.iface, args.redirect_from, args.port)
        nat.install()
    try:
        async with server:
            await stop.wait()
    finally:
        if nat:
            nat.remove()
    LOG.info("shutting down")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default=os.environ.get("HP_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("HP_PORT", "2222")))
    ap.add_argument("--redirect-from", type=int, default=22,
                    help="public port to steer to the decoy (0 disables)")
    ap.add_argument("--iface", default=os.environ.get("HP_IFACE", "eth0"))
    ap.add_argument("--banner")
    ap.add_argument("--events", default="hp-events.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()
