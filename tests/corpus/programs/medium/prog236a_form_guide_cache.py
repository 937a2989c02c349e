#!/usr/bin/env python3
"""Form guide cache.

Fetches runner form lines for a meeting from the form data provider and
keeps them in a local on-disk cache, so the trainers' office can print the
form guide repeatedly on race morning without hammering the provider.
"""
import argparse
import hashlib
import json
import logging
import os
import pickle
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("formcache")

PROVIDER = {
    "base": "https://form.example.com/api/v1",
    "timeout": 15,
    "ttl": 6 * 3600,
}


class FormCache:
    def __init__(self, root, ttl):
        self.root = Path(root)
        self.ttl = ttl
        self.root.mkdir(parents=True, exist_ok=True)

    def _key(self, *parts):
        digest = hashlib.md5("|".join(parts).encode("utf-8")).hexdigest()
        return self.root / (digest + ".pkl")

    def get(self, *parts):
        path = self._key(*parts)
        if not path.exists():
            return None
        if time.time() - path.stat().st_mtime > self.ttl:
            log.debug("cache stale: %s", path.name)
            return None
        with path.open("rb") as fh:
            return pickle.load(fh)

    def put(self, value, *parts):
        path = self._key(*parts)
        tmp = path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        os.chmod(path, 0o600)

    def purge(self):
        n = 0
        for p in self.root.glob("*.pkl"):
            p.unlink()
            n += 1
        return n


class FormProvider:
    def __init__(self, cfg):
        self.cfg = cfg

    def meeting_form(self, course, date):
        q = urllib.parse.urlencode({"course": course, "date": date})
        url = "{}/form?{}".format(self.cfg["base"], q)
        log.info("GET %s", url)
        with urllib.request.urlopen(url, timeout=self.cfg["timeout"]) as resp:
            return json.load(resp)


def format_guide(form):
    lines = []
    for race in form.get("races", []):
        lines.append("Race {} - {} ({}m)".format(race.get("no"), race.get("name"), race.get("distance")))
        for r in race.get("runners", []):
            lines.append("  {:>2} {:<22} {:<8} {}".format(
                r.get("cloth", ""), r.get("horse", ""), r.get("form", ""), r.get("trainer", "")))
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("course")
    ap.add_argument("date", help="YYYY-MM-DD")
    ap.add_argument("--cache-dir", default="./.form_cache")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--purge", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = FormCache(args.cache_dir, PROVIDER["ttl"])
    if args.purge:
        log.info("purged %d cache entries", cache.purge())
        return 0
    form = None if args.refresh else cache.get(args.course, args.date)
    if form is None:
        try:
            form = FormProvider(PROVIDER).meeting_form(args.course, args.date)
        except (OSError, ValueError) as exc:
            log.error("provider request failed: %s", exc)
            return 1
        cache.put(form, args.course, args.date)
    else:
        log.info("using cached form")
    print(format_guide(form))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
