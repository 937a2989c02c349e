#!/usr/bin/env python3
"""Service interval tracker daemon for the depot workshop.

Keeps the service history of every hire machine in SQLite and answers
line-based queries from the workshop terminals ("DUE", "MACHINE <fleet_no>",
"LOG <fleet_no> <hours> <type>").  It listens on the legacy workshop port
(which is below 1024) and then continues as the unprivileged plantsvc user.
"""
import argparse
import asyncio
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sqlite3
import sys

log = logging.getLogger("svctracker")

SCHEMA = """
CREATE TABLE IF NOT EXISTS machine (
    fleet_no TEXT PRIMARY KEY, model TEXT, interval_h REAL DEFAULT 250);
CREATE TABLE IF NOT EXISTS service (
    fleet_no TEXT, at_hours REAL, kind TEXT, logged TEXT DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS meter (fleet_no TEXT PRIMARY KEY, hours REAL);
"""

DUE_SQL = """
SELECT m.fleet_no, m.model, mt.hours,
       COALESCE(MAX(s.at_hours), 0) + m.interval_h - mt.hours AS left_h
FROM machine m JOIN meter mt USING (fleet_no)
LEFT JOIN service s USING (fleet_no)
GROUP BY m.fleet_no HAVING left_h <= ? ORDER BY left_h
"""


class Identity:
    """Switches the process to the service account after the socket is bound."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)

    def _call(self, name, *args):
        fn = getattr(self._libc, name)
        if fn(*[ctypes.c_uint(a) for a in args]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")

    def assume(self):
        gids = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        os.setgroups([self.pw.pw_gid] + gids)
        self._call("setresgid", self.pw.pw_gid, self.pw.pw_gid, self.pw.pw_gid)
        self._call("setresuid", self.pw.pw_uid, self.pw.pw_uid, self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as %s (%d:%d)", self.pw.pw_name,
                 os.getuid(), os.getgid())


class Tracker:
    def __init__(self, db_path, warn_h):
        self.db = sqlite3.connect(db_path, check_same_thread=False)
        self.db.executescript(SCHEMA)
        self.warn_h = warn_h

    def due(self):
        rows = self.db.execute(DUE_SQL, (self.warn_h,)).fetchall()
        return [dict(zip(("fleet_no", "model", "hours", "left_h"), r)) for r in rows]

    def machine(self, fleet_no):
        hist = self.db.execute(
            "SELECT at_hours, kind, logged FROM service WHERE fleet_no = ? "
            "ORDER BY at_hours DESC", (fleet_no,)).fetchall()
        return {"fleet_no": fleet_no, "history": hist}

    def log_service(self, fleet_no, hours, kind):
        with self.db:
            self.db.execute("INSERT INTO service (fleet_no, at_hours, kind) "
                            "VALUES (?, ?, ?)", (fleet_no, float(hours), kind))
        return {"ok": True}

    def handle(self, line):
        parts = line.split()
        if not parts:
            return {"error": "empty"}
        cmd = parts[0].upper()
        if cmd == "DUE":
            return self.due()
        if cmd == "MACHINE" and len(parts) == 2:
            return self.machine(parts[1])
        if cmd == "LOG" and len(parts) == 4:
            return self.log_service(*parts[1:])
        return {"error": f"bad command {cmd}"}


async def serve(tracker, host, port, identity):
    async def client(reader, writer):
        peer = writer.get_extra_info("peername")
        try:
            while line := await reader.readline():
                reply = tracker.handle(line.decode(errors="replace").strip())
                writer.write((json.dumps(reply, default=str) + "\n").encode())
                await writer.drain()
        except (ConnectionError, ValueError) as exc:
            log.warning("%s: %s", peer, exc)
        finally:
            writer.close()

    server = await asyncio.start_server(client, host, port)
    log.info("listening on %s:%d", host, port)
    if identity is not None:
        identity.assume()
    async with server:
        await server.serve_forever()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="service_tracker.sqlite3")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=715)
    ap.add_argument("--user", default="plantsvc")
    ap.add_argument("--warn-hours", type=float, default=25.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    identity = Identity(args.user) if os.geteuid() == 0 else None
    tracker = Tracker(args.db, args.warn_hours)
    try:
        asyncio.run(serve(tracker, args.host, args.port, identity))
    except KeyboardInterrupt:
        pass
    except PermissionError as exc:
        log.error("cannot bind port %d: %s", args.port, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
