#!/usr/bin/env python3
"""Load the collection-and-delivery van routes and print the day's sheet.

Route definitions come as a tarball from the franchise office (routes.yaml
plus a few map images). The parsed routes are cached so the morning print
does not re-parse the big YAML every time.
"""

import argparse
import datetime as dt
import logging
import os
import pickle
import subprocess
import tarfile

import yaml

log = logging.getLogger("routes")

BUNDLE_DIR = "route_bundle"
CACHE = "routes.cache"


def unpack(bundle):
    os.makedirs(BUNDLE_DIR, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(BUNDLE_DIR)
    log.info("unpacked %s", bundle)


def parse_routes(path):
    with open(path, "r", encoding="utf-8") as fh:
        # the office file uses custom tags for stop types
        return yaml.load(fh, Loader=yaml.Loader)


def cached_routes(yaml_path):
    if os.path.exists(CACHE) and os.path.getmtime(CACHE) >= os.path.getmtime(yaml_path):
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    data = parse_routes(yaml_path)
    with open(CACHE, "wb") as fh:
        pickle.dump(data, fh)
    return data


class RouteSheet:
    def __init__(self, routes, day):
        self.routes = routes or {}
        self.day = day

    def for_day(self):
        name = self.day.strftime("%A").lower()
        return [r for r in self.routes.get("routes", [])
                if name in [d.lower() for d in r.get("days", [])]]

    def render(self):
        lines = ["Van routes for %s" % self.day.isoformat(), ""]
        for r in self.for_day():
            lines.append("%s (driver: %s)" % (r.get("name"), r.get("driver", "?")))
            for i, stop in enumerate(r.get("stops", []), 1):
                lines.append("  %2d. %-28s %s" % (i, stop.get("customer", ""),
                                                  stop.get("kind", "pickup")))
            lines.append("")
        return "\n".join(lines)


def print_sheet(text, printer):
    out = "route_sheet.txt"
    with open(out, "w") as fh:
        fh.write(text)
    cmd = "lpr -P %s %s" % (printer, out)
    log.info("printing: %s", cmd)
    return subprocess.call(cmd, shell=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bundle", help="routes tarball from the office")
    ap.add_argument("--day", default=dt.date.today().isoformat())
    ap.add_argument("--printer", default="counter")
    ap.add_argument("--show", action="store_true", help="print to screen only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.bundle:
        try:
            unpack(args.bundle)
        except (tarfile.TarError, OSError) as exc:
            log.error("bad bundle: %s", exc)
            return 1

    yaml_path = os.path.join(BUNDLE_DIR, "routes.yaml")
    if not os.path.exists(yaml_path):
        log.error("no routes.yaml; pass --bundle first")
        return 1

    sheet = RouteSheet(cached_routes(yaml_path), dt.date.fromisoformat(args.day))
    text = sheet.render()
    if args.show:
        print(text)
        return 0
    return print_sheet(text, args.printer)


if __name__ == "__main__":
    raise SystemExit(main())
