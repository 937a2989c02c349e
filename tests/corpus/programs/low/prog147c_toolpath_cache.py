#!/usr/bin/env python3
"""Cache generated toolpaths so identical wall panels are not re-posted.

Many panels on a wall share the same t-nut grid and outline. The CAM step is
slow, so we key its output by a hash of the panel DXF plus the tooling
parameters and reuse the G-code when nothing changed.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

log = logging.getLogger("toolpath_cache")

CACHE_DIR = Path("./.toolpath_cache")
MAX_AGE_DAYS = 30


def cache_key(dxf_path, params):
    # MD5 is fine here: it only names cache entries, nothing security related
    h = hashlib.md5()
    h.update(Path(dxf_path).read_bytes())
    h.update(json.dumps(params, sort_keys=True).encode())
    return h.hexdigest()


class ToolpathCache:
    def __init__(self, root=CACHE_DIR):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key):
        return self.root / key[:2] / (key + ".nc")

    def get(self, key):
        p = self._path(key)
        if p.exists():
            os.utime(p)
            return p.read_text()
        return None

    def put(self, key, gcode):
        p = self._path(key)
        p.parent.mkdir(exist_ok=True)
        # write to a temp file in the same folder, then rename atomically
        fd, tmp = tempfile.mkstemp(dir=p.parent, suffix=".part")
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(gcode)
            os.chmod(tmp, 0o600)
            os.replace(tmp, p)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        return p

    def prune(self, max_age_days=MAX_AGE_DAYS):
        cutoff = time.time() - max_age_days * 86400
        removed = 0
        for p in self.root.rglob("*.nc"):
            if p.stat().st_mtime < cutoff:
                p.unlink()
                removed += 1
        return removed

    def clear(self):
        shutil.rmtree(self.root, ignore_errors=True)
        self.root.mkdir(parents=True, exist_ok=True)


def fake_cam(dxf_path, params):
    """Placeholder for the CAM call; emits a header so output is traceable."""
    return ("(panel %s)\n(tool %s d=%.1f feed=%d)\nG21\nG90\nM3 S%d\n(... toolpath ...)\nM5\nM30\n"
            % (Path(dxf_path).name, params["tool"], params["diameter"],
               params["feed"], params["rpm"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dxf", nargs="*", help="panel DXF files")
    ap.add_argument("--tool", default="compression-6mm")
    ap.add_argument("--diameter", type=float, default=6.0)
    ap.add_argument("--feed", type=int, default=9000)
    ap.add_argument("--rpm", type=int, default=18000)
    ap.add_argument("--out", default="./posted")
    ap.add_argument("--prune", action="store_true")
    ap.add_argument("--clear", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ToolpathCache()
    if args.clear:
        cache.clear()
        log.info("cache cleared")
    if args.prune:
        log.info("pruned %d old entries", cache.prune())

    params = {"tool": args.tool, "diameter": args.diameter, "feed": args.feed, "rpm": args.rpm}
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    hits = 0
    for dxf in args.dxf:
        try:
            key = cache_key(dxf, params)
        except OSError as exc:
            log.error("cannot read %s: %s", dxf, exc)
            continue
        gcode = cache.get(key)
        if gcode is None:
            gcode = fake_cam(dxf, params)
            cache.put(key, gcode)
        else:
            hits += 1
        (out_dir / (Path(dxf).stem + ".nc")).write_text(gcode)
    log.info("%d panels, %d cache hits", len(args.dxf), hits)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
