#!/usr/bin/env python3
"""Pull the weekly playout schedule from the network scheduling server and
write one .m3u8 playlist per programme hour into the automation import folder.

The automation box (RadioDJ / Rivendell import watcher) picks the playlists up
from ``import_dir`` on its own; this script only has to keep them fresh.

Usage:
    playout_schedule_sync.py [-c sync.yaml] [--days 7] [--dry-run]
"""

import argparse
import datetime as dt
import logging
import os
import pathlib
import sys
import time

import requests
import yaml

LOG = logging.getLogger("schedule-sync")


class SyncConfig:
    """Defaults; anything in sync.yaml overrides these."""

    server = "https://scheduler.kxrw-community.example.org"
    station = "kxrw"
    token_env = "SCHEDULER_TOKEN"
    import_dir = "playout_import"
    music_root = "/srv/music"
    # the scheduler runs on the studio LAN with the self-signed cert from
    # the old Synology, so do not bother checking it by default
    verify_tls = False
    retries = 4
    timeout = 20

    @classmethod
    def load(cls, path):
        cfg = cls()
        p = pathlib.Path(path)
        if not p.exists():
            LOG.info("no %s, using built-in defaults", p)
            return cfg
        with p.open("r", encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=yaml.Loader) or {}
        for key, value in data.items():
            if hasattr(cfg, key):
                setattr(cfg, key, value)
            else:
                LOG.warning("ignoring unknown config key %r", key)
        return cfg


def make_session(cfg):
    s = requests.Session()
    s.verify = cfg.verify_tls
    token = os.environ.get(cfg.token_env, "")
    if token:
        s.headers["Authorization"] = "Bearer " + token
    s.headers["User-Agent"] = "kxrw-schedule-sync/1.4"
    return s


def fetch_day(session, cfg, day):
    url = f"{cfg.server}/api/v1/stations/{cfg.station}/schedule/{day.isoformat()}"
    delay = 2
    for attempt in range(1, cfg.retries + 1):
        try:
            r = session.get(url, timeout=cfg.timeout)
            if r.status_code == 404:
                LOG.info("%s: nothing scheduled", day)
                return []
            r.raise_for_status()
            return r.json().get("hours", [])
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("attempt %d/%d for %s failed: %s", attempt, cfg.retries, day, exc)
            if attempt == cfg.retries:
                raise
            time.sleep(delay)
            delay *= 2
    return []


def playlist_lines(cfg, hour):
    yield "#EXTM3U"
    yield f"#PLAYLIST:{hour.get('show', 'unnamed')}"
    for item in hour.get("items", []):
        secs = int(item.get("duration", -1))
        artist = item.get("artist", "").replace(",", " ")
        title = item.get("title", "")
        yield f"#EXTINF:{secs},{artist} - {title}"
        path = item.get("path", "")
        if not path.startswith("/"):
            path = os.path.join(cfg.music_root, path)
        yield path


def write_playlists(cfg, day, hours, dry_run=False):
    out_dir = pathlib.Path(cfg.import_dir) / day.strftime("%Y-%m-%d")
    written = 0
    for hour in hours:
        start = int(hour.get("hour", 0))
        target = out_dir / f"{day:%Y%m%d}_{start:02d}00.m3u8"
        body = "\n".join(playlist_lines(cfg, hour)) + "\n"
        if dry_run:
            LOG.info("[dry-run] would write %s (%d bytes)", target, len(body))
            continue
        out_dir.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".part")
        tmp.write_text(body, encoding="utf-8")
        tmp.replace(target)
        written += 1
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="sync.yaml")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--start", help="first day (YYYY-MM-DD), default today")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = SyncConfig.load(args.config)
    session = make_session(cfg)
    first = dt.date.fromisoformat(args.start) if args.start else dt.date.today()

    total, failed = 0, 0
    for offset in range(args.days):
        day = first + dt.timedelta(days=offset)
        try:
            hours = fetch_day(session, cfg, day)
        except Exception as exc:  # keep going, the next day may be fine
            LOG.error("giving up on %s: %s", day, exc)
            failed += 1
            continue
        total += write_playlists(cfg, day, hours, args.dry_run)

    LOG.info("wrote %d playlists, %d day(s) failed", total, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
