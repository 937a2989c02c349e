#!/usr/bin/env python3
"""Reset a shore-excursion booking kiosk's working copy between sessions.

Clears the kiosk application's session cache and build leftovers in its
working directory so the next guest starts with a fresh basket.  Intended
to be run by the kiosk shell after the idle timer fires.
"""
import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("kiosk-reset")

CONFIG_FILE = "kiosk_reset.json"


class ResetPlan:
    """Working-directory state that is put back to blank between sessions."""

    cache_dirs = ["session_cache", "build", ".pytest_cache"]
    cache_files = ["basket.json", "last_search.json", "receipt_preview.pdf"]
    cache_suffixes = (".pyc", ".tmp", ".part")

    def __init__(self, workdir, extra=None):
        self.workdir = Path(workdir).resolve()
        extra = extra or {}
        self.cache_dirs = self.cache_dirs + extra.get("cache_dirs", [])
        self.cache_files = self.cache_files + extra.get("cache_files", [])

    def _inside(self, p):
        try:
            p.resolve().relative_to(self.workdir)
            return True
        except ValueError:
            log.warning("skipping %s: outside working directory", p)
            return False

    def caches(self):
        for name in self.cache_dirs:
            p = self.workdir / name
            if p.is_dir() and self._inside(p):
                yield p

    def files(self):
        for name in self.cache_files:
            p = self.workdir / name
            if p.is_file() and self._inside(p):
                yield p
        for p in self.workdir.rglob("*"):
            if p.is_file() and p.suffix in self.cache_suffixes and self._inside(p):
                yield p


def reset(plan, dry_run=False):
    done = {"dirs": 0, "files": 0}
    for d in plan.caches():
        log.info("removing cache dir %s", d)
        if not dry_run:
            shutil.rmtree(d, ignore_errors=True)
        done["dirs"] += 1
    for f in plan.files():
        log.debug("removing %s", f)
        if not dry_run:
            try:
                f.unlink()
            except FileNotFoundError:
                continue
            except OSError as exc:
                log.warning("cannot remove %s: %s", f, exc)
                continue
        done["files"] += 1
    (plan.workdir / "session_cache").mkdir(exist_ok=True)
    return done


def load_extra(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError as exc:
        log.warning("ignoring bad config %s: %s", path, exc)
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--config", default=CONFIG_FILE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    plan = ResetPlan(args.workdir, load_extra(args.config))
    result = reset(plan, dry_run=args.dry_run)
    log.info("kiosk reset complete: %s", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
