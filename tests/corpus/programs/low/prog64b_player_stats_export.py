#!/usr/bin/env python3
"""Export Minecraft player statistics for the community leaderboard.

Reads ``<world>/stats/<uuid>.json`` and ``usercache.json`` from a server
directory, turns the raw counters into a handful of leaderboard columns and
writes them to CSV. With ``--publish`` the rows are also sent to the
leaderboard site's API (key in ``LEADERBOARD_API_KEY``).
"""

import argparse
import csv
import json
import logging
import os
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Iterator

import requests

log = logging.getLogger("stats_export")

LEADERBOARD_URL = "https://board.emberfall-mc.net/api/v1/seasons/current/stats"
TICKS_PER_HOUR = 20 * 60 * 60


@dataclass
class PlayerRow:
    uuid: str
    name: str
    hours_played: float
    deaths: int
    mob_kills: int
    player_kills: int
    blocks_mined: int
    km_walked: float
    diamonds_mined: int


def load_usercache(server_dir: Path) -> dict:
    path = server_dir / "usercache.json"
    try:
        return {e["uuid"]: e["name"] for e in json.loads(path.read_text())}
    except (OSError, json.JSONDecodeError, KeyError) as exc:
        log.warning("usercache unavailable (%s); names will be UUIDs", exc)
        return {}


def iter_stat_files(world_dir: Path) -> Iterator[Path]:
    stats_dir = world_dir / "stats"
    if not stats_dir.is_dir():
        raise FileNotFoundError(f"no stats directory in {world_dir}")
    yield from sorted(stats_dir.glob("*.json"))


def summarise(uuid: str, name: str, raw: dict) -> PlayerRow:
    stats = raw.get("stats", {})
    custom = stats.get("minecraft:custom", {})
    mined = stats.get("minecraft:mined", {})
    walked_cm = custom.get("minecraft:walk_one_cm", 0) + custom.get("minecraft:sprint_one_cm", 0)
    return PlayerRow(
        uuid=uuid,
        name=name,
        hours_played=round(custom.get("minecraft:play_time", 0) / TICKS_PER_HOUR, 2),
        deaths=custom.get("minecraft:deaths", 0),
        mob_kills=custom.get("minecraft:mob_kills", 0),
        player_kills=custom.get("minecraft:player_kills", 0),
        blocks_mined=sum(mined.values()),
        km_walked=round(walked_cm / 100000, 2),
        diamonds_mined=mined.get("minecraft:diamond_ore", 0) + mined.get("minecraft:deepslate_diamond_ore", 0),
    )


def collect(server_dir: Path, world: str, min_hours: float) -> list:
    names = load_usercache(server_dir)
    rows = []
    for path in iter_stat_files(server_dir / world):
        uuid = path.stem
        try:
            raw = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        row = summarise(uuid, names.get(uuid, uuid), raw)
        if row.hours_played >= min_hours:
            rows.append(row)
    rows.sort(key=lambda r: r.hours_played, reverse=True)
    return rows


def write_csv(rows: list, out: Path) -> None:
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[f.name for f in fields(PlayerRow)])
        writer.writeheader()
        for row in rows:
            writer.writerow(asdict(row))


def publish(rows: list, api_key: str, timeout: float = 15.0) -> None:
    resp = requests.post(
        LEADERBOARD_URL,
        json={"players": [asdict(r) for r in rows]},
        headers={"X-Api-Key": api_key},
        timeout=timeout,
    )
    resp.raise_for_status()
    log.info("leaderboard accepted %d rows", resp.json().get("accepted", len(rows)))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="export Minecraft player stats")
    p.add_argument("server_dir", type=Path, nargs="?", default=Path.cwd())
    p.add_argument("--world", default="world")
    p.add_argument("-o", "--output", type=Path, default=Path("player_stats.csv"))
    p.add_argument("--min-hours", type=float, default=0.5)
    p.add_argument("--publish", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = collect(args.server_dir, args.world, args.min_hours)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    write_csv(rows, args.output)
    log.info("wrote %d players to %s", len(rows), args.output)

    if args.publish:
        key = os.environ.get("LEADERBOARD_API_KEY")
        if not key:
            log.error("LEADERBOARD_API_KEY not set, not publishing")
            return 2
        try:
            publish(rows, key)
        except requests.RequestException as exc:
            log.error("publish failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
