#!/usr/bin/env python3
"""Render debian/changelog (or an RPM %changelog) into a Markdown NEWS file.

Parsed stanzas are cached in .cache/changelog-news/ keyed by the content hash
of the input, so repeated runs in a release pipeline are cheap.  Settings
may be kept in a `[news]` section of setup.cfg or .newsrc.
"""
import argparse
import configparser
import hashlib
import json
import logging
import re
import shutil
import sys
from pathlib import Path

log = logging.getLogger("changelog-news")

CACHE_DIR = Path(".cache/changelog-news")
DEB_HEADER = re.compile(r"^(\S+) \(([^)]+)\) ([^;]+); urgency=(\w+)")
DEB_TRAILER = re.compile(r"^ -- (.+?)  (.+)$")
RPM_HEADER = re.compile(r"^\* (\w{3} \w{3} +\d+ \d{4}) (.+?) - (\S+)$")


def deb_stanzas(lines):
    cur = None
    for line in lines:
        if cur is None:
            m = DEB_HEADER.match(line)
            if m:
                cur = {"version": m[2], "dists": m[3].strip(), "items": []}
            continue
        t = DEB_TRAILER.match(line)
        if t:
            cur["author"], cur["date"] = t[1], t[2]
            yield cur
            cur = None
        elif line.strip().startswith("* "):
            cur["items"].append(line.strip()[2:])
        elif line.strip() and cur["items"]:
            cur["items"][-1] += " " + line.strip()


def rpm_stanzas(lines):
    cur = None
    for line in lines:
        m = RPM_HEADER.match(line)
        if m:
            if cur:
                yield cur
            cur = {"date": m[1], "author": m[2], "version": m[3], "items": [], "dists": ""}
        elif cur and line.startswith("- "):
            cur["items"].append(line[2:].strip())
        elif cur and line.strip() and cur["items"]:
            cur["items"][-1] += " " + line.strip()
    if cur:
        yield cur


def parse(path, limit):
    text = Path(path).read_text(encoding="utf-8")
    key = hashlib.md5(text.encode("utf-8")).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        log.debug("cache hit %s", cached.name)
        stanzas = json.loads(cached.read_text())
    else:
        lines = text.splitlines()
        if path.endswith(".spec"):
            start = next((i for i, l in enumerate(lines) if l.strip() == "%changelog"), None)
            if start is None:
                raise ValueError(f"{path} has no %changelog section")
            stanzas = list(rpm_stanzas(lines[start + 1:]))
        else:
            stanzas = list(deb_stanzas(lines))
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(stanzas))
    return stanzas[:limit] if limit else stanzas


def to_markdown(title, stanzas):
    out = [f"# {title}", ""]
    for s in stanzas:
        suffix = f" ({s['dists']})" if s.get("dists") else ""
        out.append(f"## {s['version']}{suffix}")
        out.append(f"_{s['date']} by {s['author']}_")
        out.append("")
        out.extend(f"- {item}" for item in s["items"])
        out.append("")
    return "\n".join(out)


def read_settings():
    cp = configparser.ConfigParser()
    cp.read(["setup.cfg", ".newsrc"])
    return cp["news"] if cp.has_section("news") else {}


def main(argv=None):
    settings = read_settings()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", nargs="?", default=settings.get("source", "debian/changelog"))
    ap.add_argument("-o", "--output", default=settings.get("output", "NEWS.md"))
    ap.add_argument("-n", "--limit", type=int, default=int(settings.get("limit", 10)))
    ap.add_argument("--title", default=settings.get("title", "Release history"))
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)

    try:
        stanzas = parse(args.source, args.limit)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    if not stanzas:
        log.warning("no entries found in %s", args.source)
        return 1

    Path(args.output).write_text(to_markdown(args.title, stanzas), encoding="utf-8")
    log.info("wrote %d entries to %s", len(stanzas), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
