#!/usr/bin/env python3
"""TLS terminating front relay on port 443.

Started as root so it can bind the privileged port, then it permanently
switches to an unprivileged service account before accepting traffic.
Decrypted streams are relayed to a plain-HTTP backend.
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd
import socket
import ssl

log = logging.getLogger("tlsfront")


def drop_privileges(user, group):
    if os.getuid() != 0:
        log.info("not root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise SystemExit("privilege drop failed")
    log.info("now running as %s (uid=%d gid=%d)", user, pw.pw_uid, gid)


def prebind(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def tls_context(cert, key):
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


async def splice(src, dst):
    try:
        while data := await src.read(32768):
            dst.write(data)
            await dst.drain()
    except (ConnectionError, ssl.SSLError):
        pass
    finally:
        dst.close()


class Front:
    def __init__(self, backend_host, backend_port):
        self.backend = (backend_host, backend_port)
        self.active = 0

    async def handle(self, reader, writer):
        self.active += 1
        peer = writer.get_extra_info("peername")
        try:
            b_reader, b_writer = await asyncio.wait_for(
                asyncio.open_connection(*self.backend), timeout=5)
        except (OSError, asyncio.TimeoutError) as exc:
            log.error("backend down for %s: %s", peer, exc)
            writer.close()
            self.active -= 1
            return
        await asyncio.gather(splice(reader, b_writer), splice(b_reader, writer))
        self.active -= 1
        log.debug("closed %s (active=%d)", peer, self.active)


async def serve(listener, ctx, front):
    server = await asyncio.start_server(front.handle, sock=listener, ssl=ctx)
    log.info("serving TLS on %s", listener.getsockname())
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen-host", default="127.0.0.1")
    ap.add_argument("--listen-port", type=int, default=443)
    ap.add_argument("--backend", default="127.0.0.1:8080")
    ap.add_argument("--cert", default="certs/front.pem")
    ap.add_argument("--key", default="certs/front.key")
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    b_host, _, b_port = args.backend.rpartition(":")
    listener = prebind(args.listen_host, args.listen_port)
    ctx = tls_context(args.cert, args.key)
    drop_privileges(args.user, args.group)
    try:
        asyncio.run(serve(listener, ctx, Front(b_host, int(b_port))))
    except KeyboardInterrupt:
        log.info("interrupted")


if __name__ == "__main__":
    main()
