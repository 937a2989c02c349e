#!/usr/bin/env python3
"""Relay for the trampoline-lane replay cameras.

Guests can buy a replay clip of their flips; the lane cameras only speak
RTSP on port 554 to a single configured client, so this relay listens on the
privileged port on the camera VLAN interface and forwards to the recorder.
It starts as root to bind the port, then drops to the 'camrelay' account.
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd

log = logging.getLogger("lane-relay")

LISTEN = os.environ.get("RELAY_LISTEN", "192.0.2.10")
PORT = int(os.environ.get("RELAY_PORT", "554"))
UPSTREAM = (os.environ.get("RECORDER_HOST", "192.0.2.60"), int(os.environ.get("RECORDER_PORT", "8554")))
RUN_AS = os.environ.get("RELAY_USER", "camrelay")


def drop_privileges(user):
    entry = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    ops = [
        ("setgroups", groups),
        ("setgid", entry.pw_gid),
        ("setuid", entry.pw_uid),
    ]
    for name, arg in ops:
        getattr(os, name)(arg)
    os.umask(0o027)
    log.info("now running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


async def pump(reader, writer, tag):
    total = 0
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
            total += len(chunk)
    except ConnectionError:
        pass
    finally:
        writer.close()
        log.debug("%s closed after %d bytes", tag, total)


async def handle(client_r, client_w):
    peer = client_w.get_extra_info("peername")
    try:
        up_r, up_w = await asyncio.open_connection(*UPSTREAM)
    except OSError as exc:
        log.warning("recorder unreachable for %s: %s", peer, exc)
        client_w.close()
        return
    log.info("relaying %s -> %s:%s", peer, *UPSTREAM)
    await asyncio.gather(pump(client_r, up_w, "cam->rec"), pump(up_r, client_w, "rec->cam"))


async def serve(drop):
    server = await asyncio.start_server(handle, LISTEN, PORT)
    if drop and os.geteuid() == 0:
        drop_privileges(RUN_AS)
    async with server:
        log.info("listening on %s:%d", LISTEN, PORT)
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep-root", action="store_true", help="debug only")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO)
    asyncio.run(serve(drop=not args.keep_root))


if __name__ == "__main__":
    main()
