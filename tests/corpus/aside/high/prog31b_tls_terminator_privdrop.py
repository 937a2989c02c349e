#!/usr/bin/env python3
"""Minimal TLS terminator for a staging box.

Binds the privileged HTTPS port while root, then permanently drops to an
unprivileged service account before accepting any traffic.  Decrypted bytes
are relayed to a plaintext backend on loopback.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import socketserver
import ssl
import sys
import threading

log = logging.getLogger("tlsterm")


def drop_privileges(user: str, group: str) -> None:
    if os.getuid() != 0:
        log.info("not root; keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise SystemExit("privilege drop failed")
    log.info("now running as %s:%s", user, group)


def pump(src: socket.socket, dst: socket.socket) -> None:
    try:
        while True:
            buf = src.recv(16384)
            if not buf:
                break
            dst.sendall(buf)
    except OSError:
        pass
    finally:
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class TLSRelayHandler(socketserver.BaseRequestHandler):
    backend = ("127.0.0.1", 8080)
    ctx: ssl.SSLContext = None

    def handle(self):
        try:
            tls = self.ctx.wrap_socket(self.request, server_side=True)
        except (ssl.SSLError, OSError) as exc:
            log.debug("handshake from %s failed: %s", self.client_address, exc)
            return
        try:
            upstream = socket.create_connection(self.backend, timeout=10)
        except OSError as exc:
            log.warning("backend %s unavailable: %s", self.backend, exc)
            tls.close()
            return
        upstream.settimeout(None)
        t = threading.Thread(target=pump, args=(upstream, tls), daemon=True)
        t.start()
        pump(tls, upstream)
        t.join(timeout=5)
        tls.close()
        upstream.close()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def build_context(cert: str, key: str) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    ctx.set_alpn_protocols(["http/1.1"])
    return ctx


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0:443")
    ap.add_argument("--backend", default="127.0.0.1:8080")
    ap.add_argument("--cert", default="certs/staging.crt")
    ap.add_argument("--key", default="certs/staging.key")
    ap.add_argument("--user", default="www-data")
    ap.add_argument("--group", default="www-data")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    host, _, port = args.listen.rpartition(":")
    bhost, _, bport = args.backend.rpartition(":")
    try:
        TLSRelayHandler.ctx = build_context(args.cert, args.key)
    except (OSError, ssl.SSLError) as exc:
        log.error("TLS setup failed: %s", exc)
        return 1
    TLSRelayHandler.backend = (bhost, int(bport))

    try:
        server = Server((host, int(port)), TLSRelayHandler)
    except PermissionError:
        log.error("binding port %s needs root or CAP_NET_BIND_SERVICE", port)
        return 1
    drop_privileges(args.user, args.group)
    log.info("terminating TLS on %s -> %s", args.listen, args.backend)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
