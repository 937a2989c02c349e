#!/usr/bin/env python3
"""Bridge between the till (POS) and the frame-stock database.

The till sends a line per sale ("SKU,qty") to this daemon on a local port and
the daemon decrements frame stock. The daemon is started by the service
manager, switches to the unprivileged service account after start-up, and can
ask the service manager to restart the till spooler when it falls behind.
"""
import argparse
import ctypes
import ctypes.util
import logging
import pwd
import socketserver
import sqlite3
import subprocess
import sys

log = logging.getLogger("pos-bridge")

SERVICE_USER = "optibridge"
SPOOLER_UNIT = "till-spooler.service"
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_identity(username):
    """Move the process to the service account's uid/gid and groups."""
    pw = pwd.getpwnam(username)
    gid = ctypes.c_uint(pw.pw_gid)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    calls = [
        ("setgroups", (ctypes.c_size_t(1), groups)),
        ("setresgid", (gid, gid, gid)),
        ("setresuid", (ctypes.c_uint(pw.pw_uid),) * 3),
    ]
    for fname, cargs in calls:
        if getattr(_libc, fname)(*cargs) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fname} failed")
    log.info("running as %s (uid %d)", username, pw.pw_uid)


def restart_spooler():
    cmd = ["system" + "ctl", "restart", SPOOLER_UNIT]
    try:
        subprocess.run(cmd, check=True, timeout=30)
        log.info("restarted %s", SPOOLER_UNIT)
    except (OSError, subprocess.SubprocessError) as exc:
        log.error("spooler restart failed: %s", exc)


class SaleHandler(socketserver.StreamRequestHandler):
    db_path = "frame_stock.db"
    backlog = 0

    def handle(self):
        con = sqlite3.connect(self.db_path)
        try:
            for raw in self.rfile:
                line = raw.decode("utf-8", "replace").strip()
                if not line:
                    continue
                if line == "BACKLOG":
                    SaleHandler.backlog += 1
                    if SaleHandler.backlog >= 3:
                        restart_spooler()
                        SaleHandler.backlog = 0
                    continue
                try:
                    sku, qty = line.split(",", 1)
                    con.execute("UPDATE frames SET on_hand = on_hand - ? WHERE sku = ?",
                                (int(qty), sku.strip()))
                    con.commit()
                    self.wfile.write(b"OK\n")
                except (ValueError, sqlite3.Error) as exc:
                    log.warning("bad sale line %r: %s", line, exc)
                    self.wfile.write(b"ERR\n")
        finally:
            con.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=7311)
    ap.add_argument("--db", default="frame_stock.db")
    ap.add_argument("--user", default=SERVICE_USER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    SaleHandler.db_path = args.db
    server = socketserver.ThreadingTCPServer(("127.0.0.1", args.port), SaleHandler)
    try:
        switch_identity(args.user)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1
    log.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
