#!/usr/bin/env python3
"""Syslog relay: receives RFC 3164/5424 messages on UDP and appends them to
per-facility files in a spool directory.

Started as root by the init script so it can open the privileged syslog
port; after binding it switches to the unprivileged service account given
in the config.  Message handling is a chain of middleware callables
composed by decorators (parse -> filter -> route -> write).
"""
from __future__ import annotations

import argparse
import configparser
import contextlib
import grp
import logging
import os
import pwd
import re
import signal
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional

log = logging.getLogger("syslog-relay")

FACILITIES = ["kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news",
              "uucp", "cron", "authpriv", "ftp", "ntp", "audit", "alert", "clock"] + \
             [f"local{i}" for i in range(8)]
PRI_RE = re.compile(r"^<(\d{1,3})>(.*)$", re.S)


@dataclass
class RelayConfig:
    listen: str = "127.0.0.1"
    port: int = 514
    spool: Path = Path("spool")
    run_as: str = "syslog"
    run_group: str = "adm"
    drop_debug: bool = True

    @classmethod
    def from_ini(cls, path: Path) -> "RelayConfig":
        cp = configparser.ConfigParser()
        cp.read(path)
        s = cp["relay"] if cp.has_section("relay") else {}
        return cls(listen=s.get("listen", cls.listen), port=int(s.get("port", cls.port)),
                   spool=Path(s.get("spool", str(cls.spool))), run_as=s.get("run_as", cls.run_as),
                   run_group=s.get("run_group", cls.run_group),
                   drop_debug=str(s.get("drop_debug", "yes")).lower() in ("1", "yes", "true"))


@dataclass
class Message:
    facility: str
    severity: int
    body: str
    peer: str


Handler = Callable[[Message], Optional[Message]]
MIDDLEWARE: List[Callable[[Handler], Handler]] = []


def middleware(fn: Callable[[Handler], Handler]):
    MIDDLEWARE.append(fn)
    return fn


def parse_datagram(data: bytes, peer: str) -> Optional[Message]:
    text = data.decode("utf-8", errors="replace").rstrip("\n")
    m = PRI_RE.match(text)
    if not m:
        return Message("user", 5, text, peer)
    pri = int(m.group(1))
    fac_index, severity = divmod(pri, 8)
    facility = FACILITIES[fac_index] if fac_index < len(FACILITIES) else "user"
    return Message(facility, severity, m.group(2), peer)


class PrivilegeDropper:
    """Switch the process to an unprivileged user after binding."""

    def __init__(self, user: str, group: str):
        self.user = user
        self.group = group

    def drop(self) -> None:
        if os.getuid() != 0:
            log.info("not running as root, nothing to drop")
            return
        pw = pwd.getpwnam(self.user)
        gid = grp.getgrnam(self.group).gr_gid
        os.setgroups([gid])
        os.setgid(gid)
        os.setuid(pw.pw_uid)
        os.umask(0o027)
        log.info("dropped privileges to %s:%s", self.user, self.group)


class SpoolWriter:
    def __init__(self, spool: Path):
        self.spool = spool
        self.handles: Dict[str, object] = {}

    def write(self, msg: Message) -> None:
        fh = self.handles.get(msg.facility)
        if fh is None:
            fh = open(self.spool / f"{msg.facility}.log", "a", buffering=1)
            self.handles[msg.facility] = fh
        fh.write(f"{msg.peer} sev={msg.severity} {msg.body}\n")

    def close(self) -> None:
        for fh in self.handles.values():
            fh.close()
        self.handles.clear()


class Relay:
    def __init__(self, cfg: RelayConfig):
        self.cfg = cfg
        self.sock: Optional[socket.socket] = None
        self.writer = SpoolWriter(cfg.spool)
        self.running = True
        self.pipeline = self._compose()

    def _compose(self) -> Handler:
        def sink(msg: Message) -> Optional[Message]:
            self.writer.write(msg)
            return msg
        handler: Handler = sink
        for mw in reversed(MIDDLEWARE):
            handler = mw(handler)
        return handler

    @contextlib.contextmanager
    def bound(self) -> Iterator[socket.socket]:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.cfg.listen, self.cfg.port))
        sock.settimeout(1.0)
        self.sock = sock
        try:
            yield sock
        finally:
            sock.close()
            self.writer.close()

    def datagrams(self, sock: socket.socket) -> Iterator[tuple]:
        while self.running:
            try:
                yield sock.recvfrom(8192)
            except socket.timeout:
                continue

    def serve(self, dropper: PrivilegeDropper) -> None:
        with self.bound() as sock:
            self.cfg.spool.mkdir(parents=True, exist_ok=True)
            dropper.drop()
            log.info("listening on %s:%d", self.cfg.listen, self.cfg.port)
            for data, (host, _port) in self.datagrams(sock):
                msg = parse_datagram(data, host)
                if msg:
                    self.pipeline(msg)

    def stop(self, *_a) -> None:
        self.running = False


@middleware
def drop_debug(next_handler: Handler) -> Handler:
    def handler(msg: Message) -> Optional[Message]:
        if msg.severity == 7 and RUNTIME.get("drop_debug", True):
            return None
        return next_handler(msg)
    return handler


@middleware
def strip_control(next_handler: Handler) -> Handler:
    def handler(msg: Message) -> Optional[Message]:
        msg.body = "".join(ch if ch.isprintable() else "?" for ch in msg.body)
        return next_handler(msg)
    return handler


RUNTIME: Dict[str, object] = {}


def main() -> int:
    ap = argparse.ArgumentParser(description="UDP syslog relay")
    ap.add_argument("--config", type=Path, default=Path("relay.ini"))
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")

    cfg = RelayConfig.from_ini(args.config)
    if args.port:
        cfg.port = args.port
    RUNTIME["drop_debug"] = cfg.drop_debug
    relay = Relay(cfg)
    signal.signal(signal.SIGTERM, relay.stop)
    signal.signal(signal.SIGINT, relay.stop)
    relay.serve(PrivilegeDropper(cfg.run_as, cfg.run_group))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
