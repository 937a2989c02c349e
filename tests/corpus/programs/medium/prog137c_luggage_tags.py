#!/usr/bin/env python3
"""Luggage room tag printer.

When a guest leaves bags in the luggage room, the desk prints a claim tag
with a short claim code. The guest must show the code to get the bags back.
Tag layout and printer settings live in a YAML file; recent tags are kept
in a local cache so reprints are quick.
"""

import argparse
import logging
import os
import pickle
import random
import string
import subprocess
import sys
from datetime import datetime

import yaml

log = logging.getLogger("luggage-tags")

CACHE_FILE = "tag_cache.pkl"
DEFAULT_SETTINGS = {
    "printer": "luggage_label",
    "code_length": 6,
    "template": "HOSTEL LUGGAGE\nTicket {ticket}\nBags: {bags}\nCode: {code}\n{when}\n",
}


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    if os.path.exists(path):
        with open(path) as fh:
            settings.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return settings


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    try:
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable, starting fresh: %s", exc)
        return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def claim_code(length):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class TagPrinter:
    def __init__(self, settings, dry_run=False):
        self.settings = settings
        self.dry_run = dry_run

    def render(self, tag):
        return self.settings["template"].format(**tag)

    def send(self, text):
        if self.dry_run:
            print(text)
            return True
        cmd = ["lp", "-d", self.settings["printer"], "-o", "media=62x100mm"]
        try:
            subprocess.run(cmd, input=text.encode(), check=True,
                           stdout=subprocess.DEVNULL)
            return True
        except (OSError, subprocess.CalledProcessError) as exc:
            log.error("printing failed: %s", exc)
            return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    new = sub.add_parser("new", help="print a new tag")
    new.add_argument("ticket")
    new.add_argument("--bags", type=int, default=1)
    again = sub.add_parser("reprint", help="reprint a cached tag")
    again.add_argument("ticket")
    ap.add_argument("--settings", default="tags.yaml")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    cache = load_cache()
    printer = TagPrinter(settings, dry_run=args.dry_run)

    if args.cmd == "new":
        tag = {"ticket": args.ticket, "bags": args.bags,
               "code": claim_code(int(settings["code_length"])),
               "when": datetime.now().strftime("%d %b %H:%M")}
        cache[args.ticket] = tag
        save_cache(cache)
    else:
        tag = cache.get(args.ticket)
        if tag is None:
            log.error("no cached tag for ticket %s", args.ticket)
            return 1

    ok = printer.send(printer.render(tag))
    log.info("tag %s %s", args.ticket, "printed" if ok else "NOT printed")
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
