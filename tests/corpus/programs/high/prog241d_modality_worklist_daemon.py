#!/usr/bin/env python3
"""Tiny modality worklist responder for the teaching X-ray room.

Serves today's scheduled patients (from worklist.json in the working
directory) as line-delimited JSON to the room's acquisition console. It
binds the traditional DICOM port and then switches to an unprivileged
service account before handling any request.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socketserver
import sys
from pathlib import Path

LOG = logging.getLogger("mwl")

CFG = {
    "listen": ("127.0.0.1", 104),
    "account": "vetpacs",
    "worklist": "worklist.json",
}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_SYSCALLS = {
    "groups": ("set", "groups"),
    "gid": ("set", "res", "gid"),
    "uid": ("set", "res", "uid"),
}


def _sys(name):
    return getattr(_libc, "".join(_SYSCALLS[name]))


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed")


def switch_identity(account):
    """Replace groups, gid and uid with those of the service account."""
    ent = pwd.getpwnam(account)
    gid, uid = ent.pw_gid, ent.pw_uid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_sys("groups")(1, groups), "group list")
    _check(_sys("gid")(gid, gid, gid), "gid switch")
    _check(_sys("uid")(uid, uid, uid), "uid switch")
    LOG.info("now running as %s (uid=%d gid=%d)", account, uid, gid)


class Worklist:
    def __init__(self, path):
        self.path = Path(path)

    def entries(self, modality=None):
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError) as exc:
            LOG.warning("worklist unreadable: %s", exc)
            return []
        if modality:
            data = [d for d in data if d.get("modality") == modality]
        return data


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(1024).decode(errors="replace").strip()
        modality = line or None
        items = self.server.worklist.entries(modality)
        for item in items:
            self.wfile.write((json.dumps(item) + "\n").encode())
        LOG.info("%s asked for %s: %d items", self.client_address[0], modality, len(items))


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=CFG["listen"][0])
    ap.add_argument("--port", type=int, default=CFG["listen"][1])
    ap.add_argument("--account", default=CFG["account"])
    ap.add_argument("--worklist", default=CFG["worklist"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        srv = Server((args.host, args.port), Handler)
    except PermissionError:
        LOG.error("port %d needs elevated start; use a port above 1023", args.port)
        return 1
    srv.worklist = Worklist(args.worklist)
    try:
        switch_identity(args.account)
    except (KeyError, OSError) as exc:
        LOG.error("could not switch identity: %s", exc)
        srv.server_close()
        return 1
    LOG.info("serving worklist on %s:%d", args.host, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
