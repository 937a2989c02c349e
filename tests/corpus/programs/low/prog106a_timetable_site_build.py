#!/usr/bin/env python3
"""Build the public timetable pages from a GTFS feed.

Reads routes.txt, trips.txt and stop_times.txt from the scheduling export,
renders one HTML page per route with Jinja2 and publishes the site into
./public, which the CI job uploads to the website bucket so the timetables
on the website and the station screens update together.
"""
import argparse
import csv
import logging
import os
import shutil
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("timetable-build")

WEB_ROOT = Path(os.environ.get("TIMETABLE_PUBLIC_DIR", "public"))
SITE_DIR = "timetables"


def read_table(feed, name):
    with feed.open(name) as fh:
        return list(csv.DictReader(line.decode("utf-8-sig") for line in fh))


def load_feed(path):
    with zipfile.ZipFile(path) as feed:
        routes = {r["route_id"]: r for r in read_table(feed, "routes.txt")}
        trips = read_table(feed, "trips.txt")
        stop_times = read_table(feed, "stop_times.txt")
        stops = {s["stop_id"]: s["stop_name"] for s in read_table(feed, "stops.txt")}
    return routes, trips, stop_times, stops


def build_timetables(routes, trips, stop_times, stops):
    by_trip = defaultdict(list)
    for st in stop_times:
        by_trip[st["trip_id"]].append(st)
    pages = defaultdict(list)
    for trip in trips:
        calls = sorted(by_trip.get(trip["trip_id"], []), key=lambda s: int(s["stop_sequence"]))
        if not calls:
            continue
        pages[trip["route_id"]].append({
            "headsign": trip.get("trip_headsign", ""),
            "service": trip["service_id"],
            "calls": [(stops.get(c["stop_id"], c["stop_id"]), c["departure_time"][:5]) for c in calls],
        })
    for rid in pages:
        pages[rid].sort(key=lambda t: t["calls"][0][1])
    return {rid: (routes[rid], trips_) for rid, trips_ in pages.items() if rid in routes}


def render(pages, template_dir, out_dir):
    env = Environment(loader=FileSystemLoader(template_dir), autoescape=select_autoescape(["html"]))
    route_tpl = env.get_template("route.html")
    index_tpl = env.get_template("index.html")
    out_dir.mkdir(parents=True, exist_ok=True)
    index = []
    for rid, (route, trips) in sorted(pages.items()):
        name = f"route-{route['route_short_name'] or rid}.html"
        (out_dir / name).write_text(route_tpl.render(route=route, trips=trips), encoding="utf-8")
        index.append({"file": name, "route": route})
    (out_dir / "index.html").write_text(index_tpl.render(routes=index), encoding="utf-8")
    return len(index)


def publish(build_dir, web_root):
    web_root.mkdir(parents=True, exist_ok=True)
    target = web_root / SITE_DIR
    staging = web_root / f".{SITE_DIR}.new"
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(build_dir, staging)
    if target.exists():
        shutil.rmtree(target)
    staging.rename(target)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("feed", type=Path, help="GTFS zip")
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--build", type=Path, default=Path("build/site"))
    ap.add_argument("--no-publish", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pages = build_timetables(*load_feed(args.feed))
    except (OSError, KeyError, zipfile.BadZipFile) as exc:
        log.error("cannot read feed %s: %s", args.feed, exc)
        return 1
    n = render(pages, args.templates, args.build)
    log.info("rendered %d route pages into %s", n, args.build)

    if args.no_publish:
        return 0
    try:
        target = publish(args.build, WEB_ROOT)
    except PermissionError as exc:
        log.error("cannot publish to %s: %s", WEB_ROOT, exc)
        return 2
    log.info("published to %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
