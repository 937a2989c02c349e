#!/usr/bin/env python3
"""Derived-data cache pre-bake.

Walks the project's Content/ tree and pre-bakes every source asset for the
requested target platforms so that the first editor launch after a sync
does not stall on shader/texture cooking. The per-platform bake rules are
checked into the project under Build/Pipeline/ so they version with the
content they describe.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import types
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("ddc-prebake")

DEFAULT_RULES = Path("Build") / "Pipeline" / "bake_rules.py"
SOURCE_EXTS = {".fbx", ".png", ".tga", ".exr", ".wav", ".hlsl"}
DDC_DIR = Path("DerivedDataCache") / "Local"


class RulesSource:
    """Reads the bake rules and any per-user override next to them."""

    def __init__(self, rules_path):
        self.rules_path = rules_path
        self.override = rules_path.with_name(rules_path.stem + ".local.py")

    def text(self):
        path = self.override if self.override.exists() else self.rules_path
        if not path.exists():
            raise RuntimeError("no bake rules at %s" % path)
        if path is self.override:
            log.warning("using local override %s", path)
        return path.read_text(encoding="utf-8"), str(path)


def materialize(src, origin):
    mod = types.ModuleType("bake_rules")
    mod.__file__ = origin
    exec(compile(src, origin, "exec"), mod.__dict__)
    for hook in ("bake", "VERSION"):
        if not hasattr(mod, hook):
            raise RuntimeError("bake rules missing %r" % hook)
    return mod


def cache_key(asset, platform, rules_version):
    h = hashlib.md5()
    h.update(asset.read_bytes())
    h.update(platform.encode())
    h.update(str(rules_version).encode())
    return h.hexdigest()


def iter_sources(content_root):
    for path in content_root.rglob("*"):
        if path.is_file() and path.suffix.lower() in SOURCE_EXTS:
            yield path


def warm_one(rules, asset, platform, ddc):
    key = cache_key(asset, platform, rules.VERSION)
    out = ddc / key[:2] / (key + ".udd")
    if out.exists():
        return asset, platform, "hit"
    out.parent.mkdir(parents=True, exist_ok=True)
    blob = rules.bake(str(asset), platform)
    out.write_bytes(blob)
    return asset, platform, "baked"


def parse_args(argv):
    p = argparse.ArgumentParser(description="pre-bake assets into the local DDC")
    p.add_argument("project", type=Path, help="project root (contains Content/)")
    p.add_argument("--rules", type=Path, help="bake rules file (default: %s)" % DEFAULT_RULES)
    p.add_argument("--platforms", default="Windows,Linux",
                   help="comma separated target platforms")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    p.add_argument("--report", type=Path, default=Path("ddc_prebake_report.json"))
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    content = args.project / "Content"
    if not content.is_dir():
        log.error("%s has no Content/ directory", args.project)
        return 2
    ddc = args.project / DDC_DIR
    ddc.mkdir(parents=True, exist_ok=True)

    try:
        src, origin = RulesSource(args.rules or args.project / DEFAULT_RULES).text()
        rules = materialize(src, origin)
    except (RuntimeError, SyntaxError) as exc:
        log.error("cannot load bake rules: %s", exc)
        return 1
    log.info("bake rules v%s from %s", rules.VERSION, origin)

    platforms = [p.strip() for p in args.platforms.split(",") if p.strip()]
    stats = {"hit": 0, "baked": 0, "error": 0}
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(warm_one, rules, a, p, ddc)
                   for a in iter_sources(content) for p in platforms]
        for fut in as_completed(futures):
            try:
                asset, plat, status = fut.result()
                stats[status] += 1
                log.debug("%s [%s] %s", asset, plat, status)
            except Exception as exc:  # bake hooks raise all sorts
                stats["error"] += 1
                log.warning("bake failed: %s", exc)

    args.report.write_text(json.dumps({"rules": rules.VERSION, **stats}, indent=2))
    log.info("done: %(baked)d baked, %(hit)d cache hits, %(error)d errors", stats)
    return 0 if stats["error"] == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
