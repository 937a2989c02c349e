#!/usr/bin/env python3
"""Small signing agent: started by root, binds a unix socket, then becomes the
'keyagent' user before loading any key material.

Protocol: one JSON request per connection {"op": "sign", "key": name, "data": hex}.
"""
import argparse
import ctypes
import ctypes.util
import hashlib
import hmac
import json
import logging
import os
import pwd
import socketserver
import sys
from pathlib import Path

log = logging.getLogger("keyagent")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user: str) -> None:
    pw = pwd.getpwnam(user)
    gid_arr = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(1, gid_arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class KeyStore:
    def __init__(self, directory: Path):
        self.keys = {}
        for path in directory.glob("*.key"):
            self.keys[path.stem] = bytes.fromhex(path.read_text().strip())
        log.info("loaded %d HMAC keys", len(self.keys))

    def sign(self, name: str, data: bytes) -> str:
        return hmac.new(self.keys[name], data, hashlib.sha256).hexdigest()


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(65536)
        try:
            req = json.loads(line)
            if req.get("op") != "sign":
                raise ValueError("unsupported op")
            sig = self.server.store.sign(req["key"], bytes.fromhex(req["data"]))
            resp = {"ok": True, "sig": sig}
        except (ValueError, KeyError) as exc:
            resp = {"ok": False, "error": str(exc)}
        self.wfile.write(json.dumps(resp).encode() + b"\n")


class AgentServer(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    store = None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default="run/keyagent.sock")
    ap.add_argument("--keys", default="keys.d")
    ap.add_argument("--user", default="keyagent")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    sock = Path(args.socket)
    sock.parent.mkdir(parents=True, exist_ok=True)
    if sock.exists():
        sock.unlink()
    server = AgentServer(str(sock), Handler)
    pw = pwd.getpwnam(args.user)
    os.chown(sock, pw.pw_uid, pw.pw_gid)
    os.chmod(sock, 0o660)

    if os.geteuid() == 0:
        become(args.user)
    server.store = KeyStore(Path(args.keys))
    log.info("listening on %s", sock)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
