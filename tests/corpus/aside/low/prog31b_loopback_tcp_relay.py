#!/usr/bin/env python3
"""Loopback TCP relay for local development.

Forwards connections accepted on 127.0.0.1:<listen-port> to a target service
(by default another loopback port).  Useful when a tool insists on a fixed
port but the service under test runs elsewhere on this machine.
"""
import argparse
import asyncio
import logging
import signal
import time
from dataclasses import dataclass, field

LOG = logging.getLogger("lorelay")
CHUNK = 64 * 1024


@dataclass
class RelayStats:
    sessions: int = 0
    active: int = 0
    bytes_up: int = 0
    bytes_down: int = 0
    started: float = field(default_factory=time.monotonic)

    def summary(self) -> str:
        up = time.monotonic() - self.started
        return (f"uptime={up:.0f}s sessions={self.sessions} active={self.active} "
                f"up={self.bytes_up}B down={self.bytes_down}B")


class LoopbackRelay:
    def __init__(self, listen_port: int, target_host: str, target_port: int,
                 idle_timeout: float):
        self.listen_port = listen_port
        self.target_host = target_host
        self.target_port = target_port
        self.idle_timeout = idle_timeout
        self.stats = RelayStats()

    async def _pipe(self, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter, upstream: bool) -> None:
        try:
            while True:
                data = await asyncio.wait_for(reader.read(CHUNK), self.idle_timeout)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
                if upstream:
                    self.stats.bytes_up += len(data)
                else:
                    self.stats.bytes_down += len(data)
        except asyncio.TimeoutError:
            LOG.debug("idle timeout on %s pipe", "up" if upstream else "down")
        except (ConnectionResetError, BrokenPipeError) as exc:
            LOG.debug("pipe closed: %s", exc)
        finally:
            writer.close()

    async def handle(self, c_reader: asyncio.StreamReader,
                     c_writer: asyncio.StreamWriter) -> None:
        peer = c_writer.get_extra_info("peername")
        self.stats.sessions += 1
        self.stats.active += 1
        LOG.info("session from %s -> %s:%d", peer, self.target_host, self.target_port)
        try:
            t_reader, t_writer = await asyncio.wait_for(
                asyncio.open_connection(self.target_host, self.target_port), 5.0)
        except (OSError, asyncio.TimeoutError) as exc:
            LOG.warning("target unreachable: %s", exc)
            c_writer.close()
            self.stats.active -= 1
            return
        await asyncio.gather(
            self._pipe(c_reader, t_writer, upstream=True),
            self._pipe(t_reader, c_writer, upstream=False),
        )
        self.stats.active -= 1
        LOG.info("session from %s closed", peer)

    async def report(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            LOG.info("stats: %s", self.stats.summary())

    async def run(self) -> None:
        server = await asyncio.start_server(self.handle, host="127.0.0.1",
                                            port=self.listen_port)
        LOG.info("relaying 127.0.0.1:%d -> %s:%d", self.listen_port,
                 self.target_host, self.target_port)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        reporter = asyncio.create_task(self.report(60))
        async with server:
            await stop.wait()
        reporter.cancel()
        LOG.info("shutting down; %s", self.stats.summary())


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen-port", type=int, default=15432)
    ap.add_argument("--target-host", default="127.0.0.1")
    ap.add_argument("--target-port", type=int, default=5432)
    ap.add_argument("--idle-timeout", type=float, default=300.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main() -> None:
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    relay = LoopbackRelay(args.listen_port, args.target_host, args.target_port,
                          args.idle_timeout)
    asyncio.run(relay.run())


if __name__ == "__main__":
    main()
