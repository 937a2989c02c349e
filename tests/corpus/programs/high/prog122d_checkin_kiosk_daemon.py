#!/usr/bin/env python3
"""Check-in daemon for the gym's door kiosks.

The barcode/NFC kiosks at reception speak a tiny line protocol on port 110
(the vendor hard-codes it): ``CHECKIN <member_code>`` and expect ``OK <name>``
or ``DENY <reason>`` back. Member status comes from the local SQLite mirror
of the booking system. The daemon is started by root from the init script,
binds the port, then runs as the unprivileged ``kiosk`` account.

    prog122d_checkin_kiosk_daemon.py --db /srv/kiosk/members.sqlite3 --user kiosk
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd
import socket
import sqlite3
import sys
from datetime import date, datetime

log = logging.getLogger("kiosk")


class MemberDirectory:
    def __init__(self, path):
        self.path = path

    def lookup(self, code):
        with sqlite3.connect(self.path) as conn:
            row = conn.execute(
                "SELECT first_name, status, expires_on FROM members WHERE member_code = ?",
                (code,)).fetchone()
        return row

    def record_entry(self, code, result):
        with sqlite3.connect(self.path) as conn:
            conn.execute("INSERT INTO entries (member_code, at, result) VALUES (?, ?, ?)",
                         (code, datetime.now().isoformat(timespec="seconds"), result))


def decide(row):
    if row is None:
        return "DENY unknown member"
    name, status, expires = row
    if status != "active":
        return f"DENY membership {status}"
    if expires and date.fromisoformat(expires) < date.today():
        return "DENY membership expired"
    return f"OK {name}"


def drop_privileges(username, groupname=None):
    if os.getuid() != 0:
        log.info("not root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(username)
    gid = grp.getgrnam(groupname).gr_gid if groupname else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    log.info("now running as %s (%d:%d)", username, pw.pw_uid, gid)


async def handle(reader, writer, directory):
    peer = writer.get_extra_info("peername")
    try:
        while not reader.at_eof():
            raw = await asyncio.wait_for(reader.readline(), timeout=60)
            if not raw:
                break
            parts = raw.decode("ascii", "replace").strip().split()
            if len(parts) != 2 or parts[0].upper() != "CHECKIN":
                writer.write(b"ERR bad command\r\n")
            else:
                code = parts[1]
                reply = decide(directory.lookup(code))
                directory.record_entry(code, reply.split()[0])
                log.info("%s %s -> %s", peer[0], code, reply)
                writer.write(reply.encode() + b"\r\n")
            await writer.drain()
    except (asyncio.TimeoutError, ConnectionError) as exc:
        log.debug("%s: %s", peer, exc)
    finally:
        writer.close()


async def serve(sock, directory):
    server = await asyncio.start_server(lambda r, w: handle(r, w, directory), sock=sock)
    async with server:
        await server.serve_forever()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Door kiosk check-in daemon")
    ap.add_argument("--db", required=True)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=110)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--group", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except PermissionError:
        log.error("cannot bind port %d - start as root", args.port)
        return 1
    sock.listen(32)
    sock.setblocking(False)

    try:
        drop_privileges(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        log.error("privilege drop failed: %s", exc)
        return 1

    try:
        asyncio.run(serve(sock, MemberDirectory(args.db)))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
