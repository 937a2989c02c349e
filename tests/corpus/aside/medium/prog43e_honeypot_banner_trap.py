#!/usr/bin/env python3
"""Low-interaction TCP honeypot: presents fake service banners on a few
unprivileged ports, records what scanners send, and keeps per-source state
between restarts so repeat visitors can be spotted."""
import argparse
import logging
import pickle
import selectors
import socket
import time
from collections import Counter
from pathlib import Path

BANNERS = {
    2222: b"SSH-2.0-OpenSSH_7.4\r\n",
    2121: b"220 ProFTPD 1.3.5 Server ready.\r\n",
    8025: b"220 mail.corp.local ESMTP Postfix\r\n",
}
STATE_FILE = Path("trap_state.pkl")
log = logging.getLogger("bannertrap")


class SourceTracker:
    def __init__(self):
        self.first_seen = {}
        self.hits = Counter()
        self.payloads = {}

    def record(self, ip, port, data):
        self.first_seen.setdefault(ip, time.time())
        self.hits[ip] += 1
        if data:
            self.payloads.setdefault(ip, []).append((port, data[:512]))

    @classmethod
    def load(cls, path: Path):
        if path.exists():
            with path.open("rb") as fh:
                return pickle.load(fh)
        return cls()

    def save(self, path: Path):
        with path.open("wb") as fh:
            pickle.dump(self, fh)


def open_listeners(sel, bind_addr):
    for port in BANNERS:
        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind((bind_addr, port))
        srv.listen(64)
        srv.setblocking(False)
        sel.register(srv, selectors.EVENT_READ, ("listen", port))
        log.info("listening on %s:%d", bind_addr, port)


def handle_accept(sel, srv, port):
    conn, (ip, _sport) = srv.accept()
    conn.settimeout(3.0)
    try:
        conn.sendall(BANNERS[port])
        data = conn.recv(2048)
    except (socket.timeout, OSError):
        data = b""
    finally:
        conn.close()
    return ip, data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--save-every", type=int, default=25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    tracker = SourceTracker.load(STATE_FILE)
    sel = selectors.DefaultSelector()
    open_listeners(sel, args.bind)
    events_since_save = 0
    try:
        while True:
            for key, _ in sel.select(timeout=5):
                _kind, port = key.data
                ip, data = handle_accept(sel, key.fileobj, port)
                tracker.record(ip, port, data)
                log.info("%s -> %d (%d bytes, total %d)", ip, port, len(data), tracker.hits[ip])
                events_since_save += 1
            if events_since_save >= args.save_every:
                tracker.save(STATE_FILE)
                events_since_save = 0
    except KeyboardInterrupt:
        log.info("stopping; %d distinct sources", len(tracker.hits))
    finally:
        tracker.save(STATE_FILE)


if __name__ == "__main__":
    main()
