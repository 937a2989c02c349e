#!/usr/bin/env python3
"""lpd_job_intake - accept print jobs from legacy RIP workstations over LPD.

The older Onyx and Wasatch front-ends in the shop can only "print" to an
LPD queue.  This is a small RFC 1179 receiver: each job lands in
``intake/<queue>/<jobid>/`` with its control and data files plus a
``ticket.json`` that the job-ticket board picks up.

LPD lives on port 515, so the listener is opened first and the process
then switches to the unprivileged print user (default ``lp``).
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socketserver
import sys
import time
from pathlib import Path

log = logging.getLogger("lpdintake")

SPOOL = Path("intake")


class _Libc:
    """Thin wrapper so the identity switch also covers supplementary groups."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
        for name in ("setresgid", "setresuid"):
            getattr(self.lib, name).argtypes = [ctypes.c_uint] * 3

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def become(self, uid, gid):
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self.lib.setgroups(1, groups), "setgroups")
        self._check(self.lib.setresgid(gid, gid, gid), "setresgid")
        self._check(self.lib.setresuid(uid, uid, uid), "setresuid")


def switch_user(name):
    entry = pwd.getpwnam(name)
    SPOOL.mkdir(exist_ok=True)
    os.chown(SPOOL, entry.pw_uid, entry.pw_gid)
    _Libc().become(entry.pw_uid, entry.pw_gid)
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (%d:%d)", name, entry.pw_uid, entry.pw_gid)


class LPDHandler(socketserver.StreamRequestHandler):
    timeout = 120

    def _ack(self, ok=True):
        self.wfile.write(b"\0" if ok else b"\1")

    def _line(self):
        return self.rfile.readline(1024).rstrip(b"\n").decode("latin-1")

    def handle(self):
        line = self._line()
        if not line:
            return
        cmd, arg = line[0], line[1:]
        if cmd == "\x02":
            self.receive_job(arg.split()[0] if arg else "default")
        elif cmd in ("\x03", "\x04"):
            self.wfile.write(f"intake queue {arg.split()[0] if arg else ''}: no entries\n".encode())
        else:
            self._ack(False)

    def receive_job(self, queue):
        queue = "".join(c for c in queue if c.isalnum() or c in "-_") or "default"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        jobdir = SPOOL / queue / f"{stamp}-{self.client_address[1]}"
        jobdir.mkdir(parents=True, exist_ok=True)
        self._ack()
        files, control = [], {}
        while True:
            line = self._line()
            if not line:
                break
            sub, rest = line[0], line[1:]
            if sub not in ("\x02", "\x03"):
                self._ack(False)
                continue
            count, name = rest.split(" ", 1)
            name = os.path.basename(name)
            self._ack()
            data = self.rfile.read(int(count))
            self.rfile.read(1)  # trailing NUL
            (jobdir / name).write_bytes(data)
            files.append(name)
            if sub == "\x02":
                control = {l[0]: l[1:] for l in data.decode("latin-1").splitlines() if l}
            self._ack()
        ticket = {
            "queue": queue,
            "received": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "from": self.client_address[0],
            "host": control.get("H", ""),
            "user": control.get("P", ""),
            "title": control.get("J") or control.get("N", ""),
            "files": files,
        }
        (jobdir / "ticket.json").write_text(json.dumps(ticket, indent=2))
        log.info("job from %s@%s -> %s", ticket["user"], ticket["host"], jobdir)


class IntakeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description="LPD job intake for RIP workstations")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="lp", help="account to run as after binding")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = IntakeServer((args.bind, args.port), LPDHandler)
    except PermissionError:
        log.error("port %d needs root (or CAP_NET_BIND_SERVICE)", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            switch_user(args.user)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            return 1
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
