#!/usr/bin/env python3
"""Bootstrap the metrics-relay daemon.

Started as root by the init system: writes the effective runtime config into
/etc/metrics-relay, hands ownership to the service account, then switches
identity before entering the main loop.  The identity switch is a table of
(step, os attribute) pairs applied in order so the sequence is auditable.
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import time
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("relay")

CONFIG_DIR = Path("/etc/metrics-relay")
RUNTIME_FILE = CONFIG_DIR / "runtime.json"


@dataclass
class RuntimeConfig:
    listen_port: int = 9125
    upstream: str = "127.0.0.1:2003"
    flush_interval: float = 10.0
    user: str = "metrics"
    group: str = "metrics"


@dataclass
class Identity:
    uid: int
    gid: int
    groups: list

    @classmethod
    def lookup(cls, user: str, group: str):
        pw = pwd.getpwnam(user)
        gr = grp.getgrnam(group)
        extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
        return cls(pw.pw_uid, gr.gr_gid, sorted({gr.gr_gid, *extra}))


# order matters: supplementary groups, then gid, then uid
SWITCH_STEPS = (
    ("groups", "setgroups"),
    ("gid", "setgid"),
    ("uid", "setuid"),
)


class IdentitySwitch:
    """Context manager: on enter, become the service account."""

    def __init__(self, ident: Identity):
        self.ident = ident

    def _libc_fallback(self):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        for name, value in (("setresgid", self.ident.gid), ("setresuid", self.ident.uid)):
            fn = getattr(libc, name)
            if fn(value, value, value) != 0:
                raise OSError(ctypes.get_errno(), f"{name} failed")

    def __enter__(self):
        try:
            for field_name, func_name in SWITCH_STEPS:
                getattr(os, func_name)(getattr(self.ident, field_name))
        except AttributeError:
            self._libc_fallback()
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())
        return self

    def __exit__(self, *exc):
        return False


class ConfigWriter:
    def __init__(self, cfg: RuntimeConfig, ident: Identity):
        self.cfg = cfg
        self.ident = ident

    def __call__(self):
        CONFIG_DIR.mkdir(mode=0o750, parents=True, exist_ok=True)
        RUNTIME_FILE.write_text(json.dumps(asdict(self.cfg), indent=2))
        for path in (CONFIG_DIR, RUNTIME_FILE):
            os.chown(path, 0, self.ident.gid)
        os.chmod(RUNTIME_FILE, 0o640)
        log.info("wrote %s", RUNTIME_FILE)


def relay_loop(cfg: RuntimeConfig, iterations: int | None):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", cfg.listen_port))
    sock.settimeout(cfg.flush_interval)
    count = 0
    while iterations is None or count < iterations:
        try:
            data, _ = sock.recvfrom(65535)
            log.debug("got %d bytes", len(data))
        except socket.timeout:
            log.debug("flush at %s", time.strftime("%H:%M:%S"))
        count += 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=RuntimeConfig.listen_port)
    parser.add_argument("--user", default=RuntimeConfig.user)
    parser.add_argument("--group", default=RuntimeConfig.group)
    parser.add_argument("--iterations", type=int)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s relay: %(message)s")

    cfg = RuntimeConfig(listen_port=args.port, user=args.user, group=args.group)
    try:
        ident = Identity.lookup(cfg.user, cfg.group)
    except KeyError as exc:
        log.error("service account missing: %s", exc)
        return 2

    ConfigWriter(cfg, ident)()
    with IdentitySwitch(ident):
        relay_loop(cfg, args.iterations)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
