#!/usr/bin/env python3
"""Range maintenance console.

Listens on all interfaces so white-cell operators can get a shell on a range
host without SSH keys during the exercise.  After a passphrase check, the
connection is wired straight to an interactive /bin/sh.
"""
import argparse
import asyncio
import hmac
import logging
import os
import time
from pathlib import Path

LOG = logging.getLogger("relay")
PASSPHRASE = os.environ.get("RELAY_PASSPHRASE", "whitecell-2024")


class Audit:
    def __init__(self, path: Path):
        self.path = path

    def note(self, msg):
        with self.path.open("a") as fh:
            fh.write(f"{time.strftime('%F %T')} {msg}\n")


async def pump(src: asyncio.StreamReader, dst):
    try:
        while True:
            chunk = await src.read(4096)
            if not chunk:
                break
            dst.write(chunk)
            await dst.drain()
    except (ConnectionError, BrokenPipeError):
        pass
    finally:
        try:
            dst.close()
        except Exception:
            pass


class Relay:
    def __init__(self, audit: Audit, shell: str, auth_timeout: float):
        self.audit = audit
        self.shell = shell
        self.auth_timeout = auth_timeout

    async def authenticate(self, reader, writer) -> bool:
        writer.write(b"passphrase: ")
        await writer.drain()
        try:
            line = await asyncio.wait_for(reader.readline(), timeout=self.auth_timeout)
        except asyncio.TimeoutError:
            return False
        return hmac.compare_digest(line.strip(), PASSPHRASE.encode())

    async def handle(self, reader, writer):
        peer = writer.get_extra_info("peername") or ("?", 0)
        if not await self.authenticate(reader, writer):
            self.audit.note(f"auth failed from {peer[0]}")
            writer.close()
            return
        self.audit.note(f"session opened from {peer[0]}:{peer[1]}")
        env = dict(os.environ, TERM="dumb", PS1="range$ ", HISTFILE="/dev/null")
        proc = await asyncio.create_subprocess_exec(
            self.shell, "-i",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env=env,
            cwd=os.path.expanduser("~"),
        )
        to_shell = asyncio.create_task(pump(reader, proc.stdin))
        from_shell = asyncio.create_task(pump(proc.stdout, writer))
        await asyncio.wait({to_shell, from_shell}, return_when=asyncio.FIRST_COMPLETED)
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        self.audit.note(f"session closed from {peer[0]} rc={proc.returncode}")
        writer.close()


async def serve(host, port, relay):
    server = await asyncio.start_server(relay.handle, host, port, reuse_address=True)
    LOG.info("relay listening on %s:%d", host, port)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=40022)
    ap.add_argument("--shell", default="/bin/sh")
    ap.add_argument("--audit", type=Path, default=Path("relay-audit.log"))
    ap.add_argument("--auth-timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    relay = Relay(Audit(args.audit), args.shell, args.auth_timeout)
    while True:
        try:
            asyncio.run(serve(args.listen, args.port, relay))
        except KeyboardInterrupt:
            break
        except OSError as exc:
            LOG.error("listener error: %s; retrying", exc)
            time.sleep(5)


if __name__ == "__main__":
    main()
