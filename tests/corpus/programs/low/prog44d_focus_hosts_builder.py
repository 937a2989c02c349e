#!/usr/bin/env python3
"""Generate a 'focus mode' hosts fragment from a personal blocklist.

Reads domains from ./focus/blocklist.txt (one per line, '#' comments), can
merge a public list fetched over HTTPS, and writes ./focus/hosts.focus with
0.0.0.0 entries plus www. variants. The fragment is meant to be reviewed and
pasted into a router or Pi-hole UI by hand; this script never touches the
system hosts file.
"""
import argparse
import configparser
import logging
import os
import re
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("focus")
DOMAIN_RE = re.compile(r"^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$")
DEFAULTS = {"workdir": "focus", "list": "blocklist.txt", "output": "hosts.focus",
            "remote": "", "sink": "0.0.0.0"}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.exists():
        parser = configparser.ConfigParser()
        parser.read(path)
        if parser.has_section("focus"):
            cfg.update(parser["focus"])
    return cfg


def parse_domains(lines):
    for raw in lines:
        line = raw.split("#", 1)[0].strip().lower()
        if not line:
            continue
        parts = line.split()
        candidate = parts[-1]
        if DOMAIN_RE.match(candidate):
            yield candidate
        else:
            log.debug("ignoring %r", raw)


def fetch_remote(url: str):
    log.info("fetching %s", url)
    with urllib.request.urlopen(url, timeout=20) as resp:
        text = resp.read().decode("utf-8", "replace")
    return list(parse_domains(text.splitlines()))


def render(domains, sink: str) -> str:
    stamp = datetime.now().strftime("%Y-%m-%d %H:%M")
    out = [f"# focus fragment generated {stamp}", f"# {len(domains)} domains"]
    for dom in domains:
        out.append(f"{sink}\t{dom}")
        if not dom.startswith("www."):
            out.append(f"{sink}\twww.{dom}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="focus.ini")
    ap.add_argument("--no-remote", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(Path(args.config))
    workdir = Path(cfg["workdir"])
    workdir.mkdir(exist_ok=True)
    listfile = workdir / cfg["list"]
    domains = set()
    if listfile.exists():
        domains.update(parse_domains(listfile.read_text().splitlines()))
    if cfg["remote"] and not args.no_remote:
        try:
            domains.update(fetch_remote(cfg["remote"]))
        except OSError as exc:
            log.warning("remote list unavailable: %s", exc)
    if not domains:
        log.error("no domains found in %s", listfile)
        return 1

    target = workdir / cfg["output"]
    target.write_text(render(sorted(domains), cfg["sink"]))
    os.chmod(target, 0o600)
    log.info("wrote %s (%d domains)", target, len(domains))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
