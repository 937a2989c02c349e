#!/usr/bin/env python3
"""Maintain the cookie jar that our Selenium suite reuses between runs.

The jar lives in ./.e2e-state/cookies.json (created by the suite itself).
This tool lists, prunes expired entries, drops cookies for retired test
domains and keeps the file readable only by the owner.
"""
import argparse
import json
import logging
import os
import time
from pathlib import Path

logger = logging.getLogger("cookiejar")
STATE_DIR = Path(".e2e-state")
JAR = STATE_DIR / "cookies.json"


class CookieJarFile:
    def __init__(self, path: Path):
        self.path = path
        self.cookies = []

    def load(self):
        if self.path.exists():
            self.cookies = json.loads(self.path.read_text(encoding="utf-8"))
        logger.debug("loaded %d cookies", len(self.cookies))
        return self

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".json.part")
        tmp.write_text(json.dumps(self.cookies, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o600)
        tmp.replace(self.path)

    def prune_expired(self, now=None) -> int:
        now = now or time.time()
        keep = [c for c in self.cookies if not c.get("expiry") or c["expiry"] > now]
        removed = len(self.cookies) - len(keep)
        self.cookies = keep
        return removed

    def drop_domains(self, domains) -> int:
        suffixes = tuple(d.lstrip(".") for d in domains)
        keep = [c for c in self.cookies if not c.get("domain", "").lstrip(".").endswith(suffixes)]
        removed = len(self.cookies) - len(keep)
        self.cookies = keep
        return removed

    def summary(self):
        by_domain = {}
        for c in self.cookies:
            by_domain.setdefault(c.get("domain", "?"), []).append(c["name"])
        return by_domain


def cmd_list(jar: CookieJarFile, _args):
    for domain, names in sorted(jar.summary().items()):
        print(f"{domain:40} {len(names):3}  {', '.join(sorted(names))}")


def cmd_prune(jar: CookieJarFile, args):
    n = jar.prune_expired()
    if args.domain:
        n += jar.drop_domains(args.domain)
    if args.dry_run:
        logger.info("would remove %d cookie(s)", n)
        return
    jar.save()
    logger.info("removed %d cookie(s); %d left", n, len(jar.cookies))


def cmd_reset(jar: CookieJarFile, args):
    if jar.path.exists() and not args.dry_run:
        jar.path.unlink()
        logger.info("deleted %s", jar.path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jar", type=Path, default=JAR)
    parser.add_argument("--dry-run", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    p = sub.add_parser("prune")
    p.add_argument("--domain", action="append", default=[])
    sub.add_parser("reset")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    jar = CookieJarFile(args.jar).load()
    {"list": cmd_list, "prune": cmd_prune, "reset": cmd_reset}[args.cmd](jar, args)


if __name__ == "__main__":
    main()
