#!/usr/bin/env python3
"""
media_library_sorter - file loose downloads into the layout Jellyfin expects.

    Show Name (Year)/Season 01/Show Name - S01E02 - Title.mkv
    Movies/Movie Title (Year)/Movie Title (Year).mkv

Walks the incoming folder (default ./incoming) and moves anything that
parses cleanly into the library root (default: current directory).  Files
that don't parse are left where they are and listed at the end.  With
TMDB_API_KEY set, show and movie names are normalised against TMDB.

After sorting, a small index.html listing what arrived is written to the
library root so the family can see what's new.
"""
import argparse
import html
import logging
import os
import re
import shutil
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("media-sort")

VIDEO_EXT = {".mkv", ".mp4", ".avi", ".m4v", ".ts"}
SIDECAR_EXT = {".srt", ".ass", ".sub", ".nfo"}
EPISODE_RE = re.compile(r"^(?P<show>.+?)[ ._-]+[Ss](?P<season>\d{1,2})[Ee](?P<ep>\d{1,3})(?P<rest>.*)$")
MOVIE_RE = re.compile(r"^(?P<title>.+?)[ ._(\[]+(?P<year>(19|20)\d{2})[ ._)\]]")
JUNK_RE = re.compile(r"\b(1080p|2160p|720p|x26[45]|hevc|web-?dl|bluray|remux|hdr)\b.*$", re.I)


def clean(name):
    name = JUNK_RE.sub("", name.replace(".", " ").replace("_", " "))
    return re.sub(r"\s+", " ", name).strip(" -")


class Tmdb:
    def __init__(self, api_key, timeout=8):
        self.session = requests.Session()
        self.params = {"api_key": api_key}
        self.timeout = timeout
        self.cache = {}

    def canonical(self, kind, query, year=None):
        key = (kind, query.lower(), year)
        if key in self.cache:
            return self.cache[key]
        params = dict(self.params, query=query)
        if year:
            params["year" if kind == "movie" else "first_air_date_year"] = year
        try:
            r = self.session.get(f"https://api.themoviedb.org/3/search/{kind}",
                                 params=params, timeout=self.timeout)
            r.raise_for_status()
            hits = r.json().get("results", [])
        except requests.RequestException as exc:
            log.debug("tmdb lookup failed for %s: %s", query, exc)
            hits = []
        result = None
        if hits:
            top = hits[0]
            title = top.get("title") or top.get("name")
            date = top.get("release_date") or top.get("first_air_date") or ""
            result = (title, date[:4] or year)
        self.cache[key] = result
        return result


def plan_move(path, root, tmdb):
    stem = path.stem
    m = EPISODE_RE.match(stem)
    if m:
        show = clean(m["show"])
        season, ep = int(m["season"]), int(m["ep"])
        title = clean(m["rest"])
        year = None
        if tmdb:
            hit = tmdb.canonical("tv", show)
            if hit:
                show, year = hit
        folder = f"{show} ({year})" if year else show
        name = f"{show} - S{season:02d}E{ep:02d}" + (f" - {title}" if title else "")
        return root / folder / f"Season {season:02d}" / (name + path.suffix)
    m = MOVIE_RE.match(stem)
    if m:
        title, year = clean(m["title"]), m["year"]
        if tmdb:
            hit = tmdb.canonical("movie", title, year)
            if hit:
                title, year = hit
        base = f"{title} ({year})"
        return root / "Movies" / base / (base + path.suffix)
    return None


def move_with_sidecars(src, dest, dry_run):
    moved = []
    for f in [src, *[src.with_suffix(e) for e in SIDECAR_EXT]]:
        if not f.exists():
            continue
        target = dest.with_suffix(f.suffix)
        if target.exists():
            log.warning("exists, skipping: %s", target)
            continue
        log.info("%s -> %s", f.name, target)
        if not dry_run:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(f), str(target))
        moved.append(target)
    return moved


def write_index(root, arrivals):
    rows = []
    for folder, files in sorted(arrivals.items()):
        items = "".join(f"<li>{html.escape(p.name)}</li>" for p in sorted(files))
        rows.append(f"<h2>{html.escape(folder)}</h2><ul>{items}</ul>")
    page = (f"<!doctype html><meta charset=utf-8><title>New in the library</title>"
            f"<h1>New {datetime.now():%d %b %Y}</h1>{''.join(rows)}")
    out = root / "index.html"
    out.write_text(page, encoding="utf-8")
    log.info("index written to %s", out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sort downloads into a Jellyfin library.")
    ap.add_argument("--incoming", type=Path, default=Path("incoming"))
    ap.add_argument("--library", type=Path, default=Path("."))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if not args.incoming.is_dir():
        log.error("%s is not a directory", args.incoming)
        return 2
    key = os.environ.get("TMDB_API_KEY")
    tmdb = Tmdb(key) if key else None

    arrivals, unmatched = defaultdict(list), []
    for path in sorted(args.incoming.rglob("*")):
        if path.suffix.lower() not in VIDEO_EXT or "sample" in path.name.lower():
            continue
        dest = plan_move(path, args.library, tmdb)
        if dest is None:
            unmatched.append(path)
            continue
        for moved in move_with_sidecars(path, dest, args.dry_run):
            if moved.suffix.lower() in VIDEO_EXT:
                arrivals[str(moved.relative_to(args.library).parts[0])].append(moved)

    if arrivals and not args.dry_run:
        write_index(args.library, arrivals)
    for path in unmatched:
        log.warning("could not parse: %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
