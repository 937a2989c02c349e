#!/usr/bin/env python3
"""Relay station observations to the club's legacy upload host.

The old regional aggregator still takes plain text observation files over
FTP. This formats the newest reading as a METAR-like line, stages it and
uploads it.
"""
import argparse
import ftplib
import io
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("wx.relay")

STAGING = "/tmp/wx_relay_obs.txt"


@dataclass
class RelayConfig:
    station: str
    host: str = "ftp.example.net"
    user: str = "anonymous"
    directory: str = "/incoming"

    @classmethod
    def from_file(cls, path: Path):
        with path.open() as fh:
            raw = yaml.load(fh, Loader=yaml.Loader) or {}
        return cls(**raw)


def latest_reading(path: Path) -> dict:
    data = json.loads(path.read_text())
    return data["current"] if "current" in data else data


FORMATTERS = {
    "wind": lambda r: "%03d%02dKT" % (int(r.get("windDir", 0)) % 360, round(r.get("windSpeed", 0) * 1.944)),
    "temp": lambda r: "%s/%s" % tuple(
        ("M%02d" % -round(v) if v < 0 else "%02d" % round(v))
        for v in (r.get("outTemp", 0.0), r.get("dewpoint", 0.0))
    ),
    "pres": lambda r: "Q%04d" % round(r.get("barometer", 1013.0)),
}


def format_obs(cfg: RelayConfig, reading: dict) -> str:
    stamp = time.strftime("%d%H%MZ", time.gmtime(reading.get("dateTime", time.time())))
    parts = [cfg.station, stamp] + [fn(reading) for fn in FORMATTERS.values()]
    return " ".join(parts) + "\n"


def stage(line: str) -> str:
    with open(STAGING, "w") as fh:
        fh.write(line)
    return STAGING


def upload(cfg: RelayConfig, staged: str, password: str) -> None:
    remote = f"{cfg.station}_{int(time.time())}.txt"
    with ftplib.FTP(cfg.host, timeout=30) as ftp:
        ftp.login(cfg.user, password)
        ftp.cwd(cfg.directory)
        with open(staged, "rb") as fh:
            ftp.storbinary(f"STOR {remote}", io.BytesIO(fh.read()))
    log.info("uploaded %s to %s%s", remote, cfg.host, cfg.directory)


def main():
    ap = argparse.ArgumentParser(description="observation relay")
    ap.add_argument("--config", type=Path, default=Path("relay.yaml"))
    ap.add_argument("--reading", type=Path, default=Path("current.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        cfg = RelayConfig.from_file(args.config)
        line = format_obs(cfg, latest_reading(args.reading))
    except (OSError, KeyError, ValueError, TypeError) as exc:
        log.error("cannot prepare observation: %s", exc)
        return 1
    staged = stage(line)
    log.info("staged %s: %s", staged, line.strip())
    if args.dry_run:
        return 0
    try:
        upload(cfg, staged, os.environ.get("WX_RELAY_PASSWORD", "guest@"))
    except ftplib.all_errors as exc:
        log.error("upload failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
