#!/usr/bin/env python3
"""Receive grade exam results from examiner tablets on exam day.

Examiners mark on tablets that post each candidate's result as a line of
JSON to the studio PC. The tablets are hard-wired to port 80, so the
listener claims the port at start-up and then continues as the ordinary
exams account while it writes results into results/<session>.jsonl.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
import socketserver
import sys
import threading
from datetime import date
from pathlib import Path

log = logging.getLogger("exam-listener")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_write_lock = threading.Lock()


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def become(account):
    """Continue as the named account."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s (%d:%d)", account, pw.pw_uid, pw.pw_gid)


class ResultHandler(socketserver.StreamRequestHandler):
    required = ("candidate", "grade", "mark", "examiner")

    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            raw = raw.strip()
            if not raw:
                continue
            try:
                result = json.loads(raw)
                missing = [k for k in self.required if k not in result]
                if missing:
                    raise ValueError(f"missing {', '.join(missing)}")
            except ValueError as exc:
                log.warning("%s sent a bad result: %s", peer, exc)
                self.wfile.write(b"ERR\n")
                continue
            result["tablet"] = peer
            with _write_lock, self.server.results_path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(result) + "\n")
            log.info("%s: %s %s -> %s", peer, result["candidate"],
                     result["grade"], result["mark"])
            self.wfile.write(b"OK\n")


class ResultServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, results_path):
        super().__init__(addr, ResultHandler)
        self.results_path = results_path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--account", default="exams")
    ap.add_argument("--session", default=date.today().isoformat())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out_dir = Path("results")
    out_dir.mkdir(exist_ok=True)
    server = ResultServer((args.bind, args.port), out_dir / f"{args.session}.jsonl")
    try:
        become(args.account)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.account, exc)
        server.server_close()
        return 2

    log.info("listening on %s:%d for session %s", args.bind, args.port, args.session)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
