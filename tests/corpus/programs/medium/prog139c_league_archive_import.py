#!/usr/bin/env python3
"""Import last season's league archive into the stats workspace.

The league office publishes a tarball per season containing the game sheets
(CSV) and a YAML file describing divisions, teams and rosters. This tool
downloads (or takes a local copy of) the archive, unpacks it, parses the
league description and caches the parsed result for the stats scripts.
"""
import argparse
import csv
import logging
import pickle
import sys
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("league-import")

ARCHIVE_URL = "https://league.example.com/archives/{season}.tar.gz"
WORKDIR = Path("league_data")
CACHE_FILE = WORKDIR / "league.pkl"

# the league office's server uses a self-signed cert
urllib3.disable_warnings()


def fetch_archive(season, dest):
    url = ARCHIVE_URL.format(season=season)
    LOG.info("downloading %s", url)
    resp = requests.get(url, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        for chunk in resp.iter_content(1 << 16):
            fh.write(chunk)
    return dest


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    LOG.info("unpacked %s into %s", archive, target)


def load_league(target):
    desc = next(target.rglob("league.yaml"), None)
    if desc is None:
        raise FileNotFoundError("league.yaml missing from archive")
    with open(desc, encoding="utf-8") as fh:
        league = yaml.load(fh, Loader=yaml.Loader)
    return league


def load_games(target):
    games = []
    for sheet in sorted(target.rglob("games/*.csv")):
        with open(sheet, newline="", encoding="utf-8") as fh:
            games.extend(csv.DictReader(fh))
    return games


class LeagueCache:
    def __init__(self, path):
        self.path = path

    def save(self, obj):
        with open(self.path, "wb") as fh:
            pickle.dump(obj, fh)

    def load(self):
        if not self.path.exists():
            return None
        with open(self.path, "rb") as fh:
            return pickle.load(fh)


def summarise(league, games):
    divisions = league.get("divisions", [])
    teams = sum(len(d.get("teams", [])) for d in divisions)
    players = sum(len(t.get("roster", [])) for d in divisions for t in d.get("teams", []))
    LOG.info("%d divisions, %d teams, %d players, %d game rows",
             len(divisions), teams, players, len(games))


def main():
    ap = argparse.ArgumentParser(description="Import a season archive from the league office")
    ap.add_argument("season", help="e.g. 2023-24")
    ap.add_argument("--archive", help="use a local archive instead of downloading")
    ap.add_argument("--use-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    WORKDIR.mkdir(exist_ok=True)
    cache = LeagueCache(CACHE_FILE)
    if args.use_cache:
        cached = cache.load()
        if cached and cached.get("season") == args.season:
            summarise(cached["league"], cached["games"])
            return 0

    archive = Path(args.archive) if args.archive else WORKDIR / f"{args.season}.tar.gz"
    try:
        if not args.archive:
            fetch_archive(args.season, archive)
        season_dir = WORKDIR / args.season
        unpack(archive, season_dir)
        league = load_league(season_dir)
        games = load_games(season_dir)
    except (requests.RequestException, tarfile.TarError, FileNotFoundError) as exc:
        LOG.error("import failed: %s", exc)
        return 1
    cache.save({"season": args.season, "league": league, "games": games})
    summarise(league, games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
