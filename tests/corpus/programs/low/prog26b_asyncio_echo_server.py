#!/usr/bin/env python3
"""Small asyncio echo server for local protocol testing.

Listens on the loopback interface, echoes every line back to the client
prefixed with a sequence number, and keeps simple per-connection stats.
"""
import argparse
import asyncio
import logging
import signal
import time
from dataclasses import dataclass, field

log = logging.getLogger("echo")


@dataclass
class ConnStats:
    peer: str
    opened: float = field(default_factory=time.monotonic)
    lines: int = 0
    bytes_in: int = 0

    def summary(self) -> str:
        age = time.monotonic() - self.opened
        return f"{self.peer}: {self.lines} lines, {self.bytes_in} bytes in {age:.1f}s"


class EchoServer:
    def __init__(self, host: str, port: int, max_line: int, idle_timeout: float):
        self.host = host
        self.port = port
        self.max_line = max_line
        self.idle_timeout = idle_timeout
        self.active: dict[str, ConnStats] = {}
        self._server = None

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = "%s:%s" % writer.get_extra_info("peername")[:2]
        stats = ConnStats(peer)
        self.active[peer] = stats
        log.info("connection from %s", peer)
        try:
            while True:
                try:
                    line = await asyncio.wait_for(reader.readline(), self.idle_timeout)
                except asyncio.TimeoutError:
                    writer.write(b"idle timeout, bye\n")
                    break
                if not line:
                    break
                if len(line) > self.max_line:
                    writer.write(b"line too long\n")
                    continue
                stats.lines += 1
                stats.bytes_in += len(line)
                if line.strip().lower() == b"quit":
                    writer.write(b"bye\n")
                    break
                writer.write(b"%d: " % stats.lines + line)
                await writer.drain()
        except ConnectionError as exc:
            log.warning("%s dropped: %s", peer, exc)
        finally:
            log.info("closed %s", stats.summary())
            self.active.pop(peer, None)
            writer.close()
            try:
                await writer.wait_closed()
            except ConnectionError:
                pass

    async def run(self) -> None:
        self._server = await asyncio.start_server(
            self.handle, self.host, self.port, limit=self.max_line * 2
        )
        addrs = ", ".join(str(s.getsockname()) for s in self._server.sockets)
        log.info("echo server listening on %s", addrs)
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        async with self._server:
            await stop.wait()
        log.info("shutting down with %d active connections", len(self.active))


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Loopback asyncio echo server")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default loopback)")
    p.add_argument("--port", type=int, default=9007)
    p.add_argument("--max-line", type=int, default=4096)
    p.add_argument("--idle-timeout", type=float, default=60.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main() -> int:
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    server = EchoServer(args.host, args.port, args.max_line, args.idle_timeout)
    try:
        asyncio.run(server.run())
    except OSError as exc:
        log.error("cannot start server: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
