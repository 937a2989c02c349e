#!/usr/bin/env python3
"""Render a static service status page from checks.toml and publish it to
the local nginx document root.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import sys
import tomllib
from pathlib import Path
from string import Template

import requests

log = logging.getLogger("statuspage")
DOCROOT = Path(os.environ.get("STATUS_DOCROOT", "/var/www/html"))

ROW = Template('<tr class="$cls"><td>$name</td><td>$code</td><td>$ms ms</td></tr>')
PAGE = Template("""<!doctype html><html><head><meta charset="utf-8">
<title>Service status</title><link rel="stylesheet" href="status.css"></head>
<body><h1>Service status</h1><p>Updated $when</p><table>$rows</table></body></html>""")
CSS = "body{font-family:sans-serif}.up{color:#060}.down{color:#b00}td{padding:4px 12px}"


def load_checks(path: Path) -> list:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    return data.get("check", [])


def probe(check: dict) -> dict:
    started = dt.datetime.now()
    try:
        resp = requests.head(check["url"], timeout=check.get("timeout", 5), allow_redirects=True)
        code = resp.status_code
    except requests.RequestException:
        code = 0
    ms = int((dt.datetime.now() - started).total_seconds() * 1000)
    up = 200 <= code < 400
    return {"name": check["name"], "code": code or "n/a", "ms": ms, "cls": "up" if up else "down"}


def render(results: list) -> str:
    rows = "".join(ROW.substitute(r) for r in results)
    return PAGE.substitute(rows=rows, when=dt.datetime.now().strftime("%Y-%m-%d %H:%M"))


def publish(build_dir: Path, docroot: Path) -> None:
    docroot.mkdir(parents=True, exist_ok=True)
    for item in build_dir.iterdir():
        shutil.copy2(item, docroot / item.name)
    # nginx and the deploy user both need to write here
    os.chmod(docroot, 0o777)
    for item in docroot.iterdir():
        os.chmod(item, 0o666)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--checks", type=Path, default=Path("checks.toml"))
    ap.add_argument("--build", type=Path, default=Path("status_build"))
    ap.add_argument("--no-publish", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        checks = load_checks(args.checks)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.checks, exc)
        return 2
    results = [probe(c) for c in checks]
    args.build.mkdir(exist_ok=True)
    (args.build / "index.html").write_text(render(results), encoding="utf-8")
    (args.build / "status.css").write_text(CSS, encoding="utf-8")
    down = [r["name"] for r in results if r["cls"] == "down"]
    log.info("%d checks, %d down %s", len(results), len(down), down or "")

    if not args.no_publish:
        try:
            publish(args.build, DOCROOT)
        except PermissionError as exc:
            log.error("publish failed: %s", exc)
            return 1
        log.info("published to %s", DOCROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
