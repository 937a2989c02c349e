#!/usr/bin/env python3
"""depbump: keep == pins in requirements files current with PyPI.

Configuration lives in .depbump.yaml next to the requirements files:

    files: [requirements.txt, requirements-dev.txt]
    hold: {django: "4.2.*"}
    allow_prerelease: false
"""
import argparse
import hashlib
import json
import logging
import re
import time
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("depbump")
PIN_RE = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)==(?P<version>[^\s;#]+)(?P<rest>.*)$")
CACHE_DIR = Path(".depbump-cache")
CACHE_TTL = 6 * 3600


def read_config(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    cfg.setdefault("files", ["requirements.txt"])
    cfg.setdefault("hold", {})
    cfg.setdefault("allow_prerelease", False)
    return cfg


def _cache_path(name: str) -> Path:
    key = hashlib.md5(name.lower().encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def latest_version(session: requests.Session, name: str, prerelease: bool) -> str | None:
    cached = _cache_path(name)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        meta = json.loads(cached.read_text())
    else:
        resp = session.get(f"https://pypi.org/pypi/{name}/json", timeout=15)
        if resp.status_code == 404:
            LOG.warning("%s not found on PyPI", name)
            return None
        resp.raise_for_status()
        meta = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps({"info": meta["info"],
                                      "releases": list(meta["releases"])}))
    if not prerelease:
        return meta["info"]["version"]
    return sorted(meta["releases"], key=lambda v: [p.zfill(8) for p in v.split(".")])[-1]


def bump_file(path: Path, cfg: dict, session: requests.Session, dry_run: bool) -> int:
    changed = 0
    out_lines = []
    for raw in path.read_text().splitlines():
        m = PIN_RE.match(raw.strip())
        if not m or m["name"].lower() in cfg["hold"]:
            out_lines.append(raw)
            continue
        newest = latest_version(session, m["name"], cfg["allow_prerelease"])
        if newest and newest != m["version"]:
            LOG.info("%s: %s -> %s", m["name"], m["version"], newest)
            out_lines.append(f"{m['name']}=={newest}{m['rest']}")
            changed += 1
        else:
            out_lines.append(raw)
    if changed and not dry_run:
        path.write_text("\n".join(out_lines) + "\n")
    return changed


def main() -> None:
    ap = argparse.ArgumentParser(description="bump == pins to the latest release")
    ap.add_argument("--config", type=Path, default=Path(".depbump.yaml"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = read_config(args.config) if args.config.exists() else read_config_default()
    total = 0
    with requests.Session() as session:
        session.headers["User-Agent"] = "depbump/0.4"
        for name in cfg["files"]:
            p = Path(name)
            if not p.exists():
                LOG.warning("skipping missing %s", p)
                continue
            total += bump_file(p, cfg, session, args.dry_run)
    LOG.info("%d pin(s) %s", total, "would change" if args.dry_run else "updated")


def read_config_default() -> dict:
    return {"files": ["requirements.txt"], "hold": {}, "allow_prerelease": False}


if __name__ == "__main__":
    main()
