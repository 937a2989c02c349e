#!/usr/bin/env python3
"""Minimal LPD receiver for legacy order-entry terminals.

Old counter terminals can only print to an LPD queue on port 515. This
receiver binds the privileged port while still root, then drops to the
unprivileged spool user (setgroups/setgid/setuid) and stores each received
data file in the spool folder. A generated shell snippet forwards the job
to the CUPS queue named in the config.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("lpd_receiver")


class LpdReceiver:
    def __init__(self, bind: str, port: int, spool: Path, queue: str):
        self.bind = bind
        self.port = port
        self.spool = spool
        self.queue = queue
        self.sock = None

    def open_socket(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((self.bind, self.port))
        self.sock.listen(8)
        LOG.info("listening on %s:%d", self.bind, self.port)

    def drop_privileges(self, user: str, group: str):
        if os.getuid() != 0:
            LOG.info("not root, nothing to drop")
            return
        uid = pwd.getpwnam(user).pw_uid
        gid = grp.getgrnam(group).gr_gid
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
        os.umask(0o077)
        LOG.info("now running as %s:%s", user, group)

    def _recv_line(self, conn) -> bytes:
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = conn.recv(1)
            if not chunk:
                break
            buf += chunk
        return buf

    def handle(self, conn, addr):
        cmd = self._recv_line(conn)
        if not cmd or cmd[0:1] != b"\x02":
            conn.sendall(b"\x01")
            return
        conn.sendall(b"\x00")
        while True:
            sub = self._recv_line(conn)
            if not sub:
                break
            code, rest = sub[0:1], sub[1:].decode(errors="replace").split()
            if code not in (b"\x02", b"\x03") or len(rest) < 2:
                conn.sendall(b"\x01")
                break
            size = int(rest[0])
            conn.sendall(b"\x00")
            data = b""
            while len(data) < size + 1:
                part = conn.recv(min(65536, size + 1 - len(data)))
                if not part:
                    break
                data += part
            conn.sendall(b"\x00")
            if code == b"\x03":
                path = self.spool / f"{int(time.time())}_{addr[0]}.prn"
                path.write_bytes(data[:size])
                LOG.info("job from %s stored as %s", addr[0], path.name)
                self.forward(path)

    def forward(self, path: Path):
        script = f'#!/bin/bash\nlp -d "$LPD_QUEUE" -t "counter-{path.stem}" "$LPD_FILE"\n'
        with tempfile.NamedTemporaryFile("w", suffix=".sh", dir=self.spool,
                                         delete=False) as fh:
            fh.write(script)
        env = dict(os.environ, LPD_QUEUE=self.queue, LPD_FILE=str(path))
        res = subprocess.run(["bash", fh.name], env=env, capture_output=True,
                             text=True)
        os.unlink(fh.name)
        if res.returncode != 0:
            LOG.warning("forward failed: %s", res.stderr.strip())

    def serve(self):
        while True:
            conn, addr = self.sock.accept()
            with conn:
                try:
                    self.handle(conn, addr)
                except (OSError, ValueError) as exc:
                    LOG.warning("client %s: %s", addr[0], exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=os.environ.get("LPD_BIND", "192.0.2.15"))
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--spool", default="spool", type=Path)
    ap.add_argument("--queue", default=os.environ.get("LPD_QUEUE", "counter"))
    ap.add_argument("--user", default="lp")
    ap.add_argument("--group", default="lp")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    args.spool.mkdir(parents=True, exist_ok=True)
    recv = LpdReceiver(args.bind, args.port, args.spool.resolve(), args.queue)
    try:
        recv.open_socket()
        if os.getuid() == 0:
            info = pwd.getpwnam(args.user)
            os.chown(args.spool, info.pw_uid, grp.getgrnam(args.group).gr_gid)
        recv.drop_privileges(args.user, args.group)
        recv.serve()
    except KeyboardInterrupt:
        LOG.info("stopping")
    except (OSError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
