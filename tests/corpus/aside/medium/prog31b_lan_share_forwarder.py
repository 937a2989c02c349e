#!/usr/bin/env python3
"""Expose a local dev server to other devices on the LAN.

Mobile testing often needs the phone to reach a dev server that only listens
on localhost.  This forwarder accepts connections on every interface and
relays them to the local service.
"""
import argparse
import asyncio
import ipaddress
import logging
import signal
import socket
from collections import Counter

log = logging.getLogger("lanshare")


def lan_addresses() -> list:
    """Best-effort list of this host's non-loopback IPv4 addresses."""
    found = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not ipaddress.ip_address(addr).is_loopback:
                found.add(addr)
    except socket.gaierror:
        pass
    return sorted(found)


class Forwarder:
    def __init__(self, bind: str, port: int, upstream: tuple, allow: list):
        self.bind = bind
        self.port = port
        self.upstream = upstream
        self.allow = [ipaddress.ip_network(n) for n in allow]
        self.clients = Counter()

    def permitted(self, ip: str) -> bool:
        if not self.allow:
            return True
        addr = ipaddress.ip_address(ip)
        return any(addr in net for net in self.allow)

    @staticmethod
    async def splice(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> int:
        moved = 0
        try:
            while chunk := await src.read(32768):
                dst.write(chunk)
                await dst.drain()
                moved += len(chunk)
        except ConnectionError:
            pass
        finally:
            if not dst.is_closing():
                dst.close()
        return moved

    async def on_client(self, reader, writer):
        ip = writer.get_extra_info("peername")[0]
        if not self.permitted(ip):
            log.warning("rejecting %s (not in allow list)", ip)
            writer.close()
            return
        self.clients[ip] += 1
        try:
            up_r, up_w = await asyncio.open_connection(*self.upstream)
        except OSError as err:
            log.error("upstream %s:%d down: %s", *self.upstream, err)
            writer.close()
            return
        sent, received = await asyncio.gather(self.splice(reader, up_w),
                                              self.splice(up_r, writer))
        log.info("%s done: %d bytes in, %d bytes out", ip, sent, received)

    async def serve(self):
        srv = await asyncio.start_server(self.on_client, self.bind, self.port,
                                         reuse_address=True)
        for addr in lan_addresses():
            log.info("reachable at http://%s:%d/", addr, self.port)
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        loop.add_signal_handler(signal.SIGINT, done.set_result, None)
        loop.add_signal_handler(signal.SIGTERM, done.set_result, None)
        async with srv:
            await done
        log.info("clients seen: %s", dict(self.clients))


def main():
    p = argparse.ArgumentParser(description="LAN share forwarder")
    p.add_argument("--bind", default="0.0.0.0",
                   help="interface to listen on (default: all)")
    p.add_argument("--port", type=int, default=8081)
    p.add_argument("--upstream", default="127.0.0.1:3000",
                   help="host:port of the local dev server")
    p.add_argument("--allow", action="append", default=[],
                   help="CIDR allowed to connect (repeatable)")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="[%(asctime)s] %(name)s: %(message)s")
    host, _, port = args.upstream.rpartition(":")
    fwd = Forwarder(args.bind, args.port, (host or "127.0.0.1", int(port)),
                    args.allow)
    asyncio.run(fwd.serve())


if __name__ == "__main__":
    main()
