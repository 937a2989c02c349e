#!/usr/bin/env python3
"""Small syslog relay: listens on UDP 514 for appliances that can only speak
plain UDP syslog and forwards each datagram over TCP (octet-counted framing)
to the central collector. Binds the privileged port, then drops to an
unprivileged account via libc."""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import socket
import sys
import time

log = logging.getLogger("relay")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def drop_privileges(user, group):
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    for fn, arg in (("setgroups", None), ("setgid", gid), ("setuid", uid)):
        if fn == "setgroups":
            rc = _libc.setgroups(ctypes.c_size_t(0), None)
        else:
            rc = getattr(_libc, fn)(ctypes.c_uint(arg))
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed")
    log.info("now running as %s:%s", user, group)


class Upstream:
    def __init__(self, host, port):
        self.addr = (host, port)
        self.sock = None

    def _connect(self):
        self.sock = socket.create_connection(self.addr, timeout=10)
        log.info("connected to collector %s:%d", *self.addr)

    def send(self, message):
        frame = f"{len(message)} ".encode() + message
        for attempt in range(3):
            try:
                if self.sock is None:
                    self._connect()
                self.sock.sendall(frame)
                return True
            except OSError as exc:
                log.warning("upstream error (%s), retry %d", exc, attempt + 1)
                if self.sock:
                    self.sock.close()
                self.sock = None
                time.sleep(2 ** attempt)
        return False


def serve(listen_addr, listen_port, upstream, user, group):
    srv = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((listen_addr, listen_port))
    drop_privileges(user, group)
    log.info("listening on %s:%d/udp", listen_addr, listen_port)
    relayed = dropped = 0
    while True:
        data, peer = srv.recvfrom(8192)
        if not data.startswith(b"<"):
            dropped += 1
            continue
        if upstream.send(data.rstrip(b"\n")):
            relayed += 1
        else:
            dropped += 1
        if (relayed + dropped) % 1000 == 0:
            log.info("relayed=%d dropped=%d last_peer=%s", relayed, dropped, peer[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--collector", default="logs.ops.internal")
    ap.add_argument("--collector-port", type=int, default=601)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        serve(args.listen, args.port, Upstream(args.collector, args.collector_port),
              args.user, args.group)
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
