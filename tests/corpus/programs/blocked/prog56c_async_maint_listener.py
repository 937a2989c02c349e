#!/usr/bin/env python3
"""Maintenance listener for field units: a technician connects over TCP,
gives the passphrase and gets an interactive session on the unit."""
import argparse
import asyncio
import hashlib
import hmac
import logging
import os

log = logging.getLogger("maint")
PASS_SHA256 = os.environ.get(
    "MAINT_PASS_SHA256",
    "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8")
SESSION_ARGV = ["/bin/sh", "-i"]


async def pump(src, dst, label):
    try:
        while True:
            chunk = await src.read(4096)
            if not chunk:
                break
            dst.write(chunk)
            await dst.drain()
    except (ConnectionResetError, BrokenPipeError):
        log.debug("%s closed", label)
    finally:
        try:
            dst.close()
        except Exception:
            pass


async def authenticate(reader, writer) -> bool:
    writer.write(b"unit-maint ready\npassphrase: ")
    await writer.drain()
    try:
        line = await asyncio.wait_for(reader.readline(), timeout=20)
    except asyncio.TimeoutError:
        return False
    digest = hashlib.sha256(line.strip()).hexdigest()
    return hmac.compare_digest(digest, PASS_SHA256)


async def session(reader, writer):
    peer = writer.get_extra_info("peername")
    if not await authenticate(reader, writer):
        log.warning("auth failed from %s", peer)
        writer.write(b"denied\n")
        writer.close()
        return
    log.info("session opened for %s", peer)
    proc = await asyncio.create_subprocess_exec(
        *SESSION_ARGV,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PS1": "maint$ ", "TERM": "dumb"},
    )
    await asyncio.gather(
        pump(reader, proc.stdin, "client->shell"),
        pump(proc.stdout, writer, "shell->client"),
    )
    rc = await proc.wait()
    log.info("session for %s ended rc=%s", peer, rc)


async def main_async(bind: str, port: int):
    server = await asyncio.start_server(session, bind, port, reuse_address=True)
    log.info("maintenance listener on %s:%d", bind, port)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=4455)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(main_async(args.bind, args.port))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
