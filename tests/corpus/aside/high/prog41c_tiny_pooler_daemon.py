#!/usr/bin/env python3
"""Minimal TCP connection multiplexer in front of a local PostgreSQL.

Binds the privileged listen port as root, then switches to an unprivileged
service account (via libc setresgid/setresuid) before accepting clients,
and relays bytes to the backend with a cap on concurrent sessions.
"""
import argparse
import asyncio
import ctypes
import ctypes.util
import logging
import pwd
import socket

log = logging.getLogger("tinypool")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_identity(username):
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    if _libc.setgroups(0, None) != 0:
        raise OSError(ctypes.get_errno(), "setgroups failed")
    if _libc.setresgid(gid, gid, gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if _libc.setresuid(uid, uid, uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")
    log.info("now running as %s (uid=%d gid=%d)", username, uid, gid)


class Relay:
    def __init__(self, backend_host, backend_port, max_sessions):
        self.backend = (backend_host, backend_port)
        self.slots = asyncio.Semaphore(max_sessions)
        self.active = 0

    async def pump(self, reader, writer):
        try:
            while chunk := await reader.read(65536):
                writer.write(chunk)
                await writer.drain()
        except (ConnectionResetError, BrokenPipeError):
            pass
        finally:
            writer.close()

    async def handle(self, c_reader, c_writer):
        peer = c_writer.get_extra_info("peername")
        async with self.slots:
            self.active += 1
            log.debug("session from %s (active=%d)", peer, self.active)
            try:
                b_reader, b_writer = await asyncio.wait_for(
                    asyncio.open_connection(*self.backend), timeout=5)
            except (OSError, asyncio.TimeoutError) as exc:
                log.warning("backend unavailable for %s: %s", peer, exc)
                c_writer.close()
                self.active -= 1
                return
            await asyncio.gather(self.pump(c_reader, b_writer), self.pump(b_reader, c_writer))
            self.active -= 1


def bind_listener(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(512)
    sock.setblocking(False)
    return sock


async def serve(sock, relay):
    server = await asyncio.start_server(relay.handle, sock=sock)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=543)
    ap.add_argument("--backend", default="127.0.0.1:5432")
    ap.add_argument("--max-sessions", type=int, default=100)
    ap.add_argument("--user", default="pgpool")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    host, _, port = args.backend.rpartition(":")
    sock = bind_listener(args.listen, args.port)
    switch_identity(args.user)
    relay = Relay(host, int(port), args.max_sessions)
    log.info("relaying %s:%d -> %s", args.listen, args.port, args.backend)
    try:
        asyncio.run(serve(sock, relay))
    except KeyboardInterrupt:
        log.info("shutting down")


if __name__ == "__main__":
    main()
