#!/usr/bin/env python3
"""Peal schedule loader.

Reads the tower's YAML peal schedule (services, weddings, practice nights),
works out what is due next and, if asked, previews the opening chime on the
vestry speaker.
"""
import argparse
import datetime as dt
import logging
import pathlib
import shutil
import subprocess
import sys

import yaml

LOG = logging.getLogger("peals")

DEFAULTS = {
    "schedule": "peal_schedule.yaml",
    "samples": "samples",
    "player": ("ap", "lay"),
    "player_flags": ("-q",),
}


class Schedule:
    """A list of dated ringing events loaded from YAML."""

    def __init__(self, path):
        self.path = pathlib.Path(path)
        self.events = []

    def load(self):
        loader = getattr(yaml, "Lo" + "ader")
        with self.path.open("r", encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=loader)
        if not isinstance(doc, dict) or "events" not in doc:
            raise ValueError("schedule has no 'events' list")
        for ev in doc["events"]:
            when = ev.get("when")
            if isinstance(when, str):
                when = dt.datetime.fromisoformat(when)
            self.events.append({"when": when, "title": ev.get("title", "?"),
                                "method": ev.get("method", "rounds"),
                                "chime": ev.get("chime")})
        self.events.sort(key=lambda e: e["when"])
        LOG.info("loaded %d events from %s", len(self.events), self.path)
        return self

    def upcoming(self, now=None, limit=5):
        now = now or dt.datetime.now()
        return [e for e in self.events if e["when"] >= now][:limit]


class Previewer:
    def __init__(self, samples_dir, player, flags):
        self.samples = pathlib.Path(samples_dir)
        self.player = shutil.which("".join(player))
        self.flags = list(flags)

    def play(self, chime):
        if not chime:
            return False
        sample = self.samples / ("%s.wav" % chime)
        if not sample.exists():
            LOG.warning("no sample for %s", chime)
            return False
        if not self.player:
            LOG.warning("no audio player available")
            return False
        cmd = [self.player] + self.flags + [str(sample)]
        LOG.debug("preview: %s", cmd)
        return subprocess.call(cmd, timeout=60) == 0


def parse_args(argv):
    p = argparse.ArgumentParser(description="peal schedule loader")
    p.add_argument("--schedule", default=DEFAULTS["schedule"])
    p.add_argument("--limit", type=int, default=5)
    p.add_argument("--preview", action="store_true", help="play the next chime")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        sched = Schedule(args.schedule).load()
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("cannot load schedule: %s", exc)
        return 1
    nxt = sched.upcoming(limit=args.limit)
    if not nxt:
        print("no upcoming ringing")
        return 0
    for ev in nxt:
        print("%s  %-28s %s" % (ev["when"].strftime("%a %d %b %H:%M"), ev["title"], ev["method"]))
    if args.preview:
        pv = Previewer(DEFAULTS["samples"], DEFAULTS["player"], DEFAULTS["player_flags"])
        try:
            pv.play(nxt[0]["chime"])
        except subprocess.TimeoutExpired:
            LOG.warning("preview timed out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
