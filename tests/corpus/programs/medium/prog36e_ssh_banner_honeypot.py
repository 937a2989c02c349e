#!/usr/bin/env python3
"""Low-interaction SSH banner honeypot.

Presents an OpenSSH banner, accepts whatever the client sends, records the
source address, client version string and any printable credentials-looking
bytes into a local SQLite database, then closes the connection. It never
offers a shell.
"""
import argparse
import datetime
import logging
import socketserver
import sqlite3
import threading

logger = logging.getLogger("ssh-hp")

BANNER = b"SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.5\r\n"
DB_PATH = "honeypot.db"
_db_lock = threading.Lock()


def init_db(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS hits ("
        "id INTEGER PRIMARY KEY, ts TEXT, src TEXT, sport INTEGER, "
        "client_version TEXT, sample TEXT)"
    )
    conn.commit()
    return conn


def record_hit(conn, src, sport, version, sample):
    ts = datetime.datetime.utcnow().isoformat()
    query = (
        "INSERT INTO hits (ts, src, sport, client_version, sample) "
        f"VALUES ('{ts}', '{src}', {sport}, '{version}', '{sample}')"
    )
    with _db_lock:
        conn.execute(query)
        conn.commit()


def top_sources(conn, since: str, limit: int = 10):
    q = ("SELECT src, COUNT(*) AS n FROM hits WHERE ts >= '%s' "
         "GROUP BY src ORDER BY n DESC LIMIT %d" % (since, limit))
    return conn.execute(q).fetchall()


def printable(data: bytes, cap: int = 200) -> str:
    return "".join(chr(b) if 32 <= b < 127 else "." for b in data[:cap])


class BannerHandler(socketserver.BaseRequestHandler):
    def handle(self):
        src, sport = self.client_address[:2]
        self.request.settimeout(self.server.read_timeout)
        version, sample = "", ""
        try:
            self.request.sendall(BANNER)
            first = self.request.recv(256)
            version = printable(first.split(b"\r\n")[0])
            rest = self.request.recv(2048)
            sample = printable(rest)
        except OSError as exc:
            logger.debug("%s:%s %s", src, sport, exc)
        finally:
            record_hit(self.server.db, src, sport, version, sample)
            logger.info("hit from %s:%s version=%r", src, sport, version)


class HoneypotServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, db, read_timeout):
        super().__init__(addr, BannerHandler)
        self.db = db
        self.read_timeout = read_timeout


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=2222)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--report", metavar="SINCE",
                    help="print top sources since ISO date and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    db = init_db(args.db)
    if args.report:
        for src, n in top_sources(db, args.report):
            print(f"{n:6d}  {src}")
        return

    server = HoneypotServer((args.host, args.port), db, args.timeout)
    logger.info("listening on %s:%d, logging to %s", args.host, args.port, args.db)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        logger.info("shutting down")
    finally:
        server.server_close()
        db.close()


if __name__ == "__main__":
    main()
