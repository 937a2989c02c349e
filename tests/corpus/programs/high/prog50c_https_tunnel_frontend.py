#!/usr/bin/env python3
"""Expose a remote editor on 127.0.0.1:443 and drop root afterwards.

Browser-based editors insist on https://localhost without a port.  This
frontend binds the privileged port while still root, then switches to an
unprivileged account and relays connections to the editor's real port.
"""
import argparse
import grp
import logging
import os
import pwd
import selectors
import socket
import sys
import threading

log = logging.getLogger("tunnel-frontend")


def drop_privileges(user, group=None):
    if os.getuid() != 0:
        log.info("not root; nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    log.info("now running as %s (uid=%d gid=%d)", user, pw.pw_uid, gid)


def pump(a, b):
    sel = selectors.DefaultSelector()
    sel.register(a, selectors.EVENT_READ, b)
    sel.register(b, selectors.EVENT_READ, a)
    try:
        while True:
            for key, _ in sel.select(timeout=60):
                data = key.fileobj.recv(65536)
                if not data:
                    return
                key.data.sendall(data)
    except OSError as exc:
        log.debug("relay closed: %s", exc)
    finally:
        sel.close()
        a.close()
        b.close()


def handle(client, target):
    try:
        upstream = socket.create_connection(target, timeout=5)
    except OSError as exc:
        log.warning("upstream %s:%d down: %s", *target, exc)
        client.close()
        return
    upstream.settimeout(None)
    pump(client, upstream)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen-port", type=int, default=443)
    ap.add_argument("--target", default="127.0.0.1:8443")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER", "nobody"))
    ap.add_argument("--group")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, port = args.target.rsplit(":", 1)
    target = (host, int(port))

    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        srv.bind(("127.0.0.1", args.listen_port))
    except PermissionError:
        log.error("binding port %d needs root", args.listen_port)
        return 1
    srv.listen(64)
    drop_privileges(args.user, args.group)
    log.info("relaying 127.0.0.1:%d -> %s", args.listen_port, args.target)

    try:
        while True:
            client, peer = srv.accept()
            log.debug("connection from %s", peer)
            threading.Thread(target=handle, args=(client, target),
                             daemon=True).start()
    except KeyboardInterrupt:
        return 0
    finally:
        srv.close()


if __name__ == "__main__":
    sys.exit(main())
