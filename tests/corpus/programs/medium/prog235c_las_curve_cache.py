#!/usr/bin/env python3
"""Parse LAS 2.0 well logs into curve arrays, with an on-disk cache.

Parsing large LAS files is slow, so parsed curves are pickled into
./.las_cache keyed by path and modification time. A generated shell
summary reports file sizes and line counts alongside the curve stats.
"""
import argparse
import hashlib
import logging
import os
import pickle
import subprocess
import sys
from pathlib import Path

CACHE_DIR = Path(".las_cache")
log = logging.getLogger("las-cache")


class LasLog:
    def __init__(self, path):
        self.path = str(path)
        self.well = None
        self.null = -999.25
        self.mnemonics = []
        self.curves = {}

    @classmethod
    def parse(cls, path):
        obj = cls(path)
        section, rows = None, []
        with open(path, encoding="ascii", errors="replace") as fh:
            for line in fh:
                s = line.strip()
                if not s or s.startswith("#"):
                    continue
                if s.startswith("~"):
                    section = s[1].upper()
                    continue
                if section == "W" and "." in s:
                    key, rest = s.split(".", 1)
                    value = rest.split(":", 1)[0].split(None, 1)
                    if key.strip().upper() == "WELL" and len(value) > 1:
                        obj.well = value[1].strip()
                    elif key.strip().upper() == "NULL" and value:
                        obj.null = float(value[-1])
                elif section == "C" and "." in s:
                    obj.mnemonics.append(s.split(".", 1)[0].strip())
                elif section == "A":
                    rows.append([float(v) for v in s.split()])
        for i, name in enumerate(obj.mnemonics):
            obj.curves[name] = [r[i] for r in rows if i < len(r)]
        return obj

    def stats(self):
        out = {}
        for name, values in self.curves.items():
            good = [v for v in values if v != self.null]
            if good:
                out[name] = (min(good), max(good), sum(good) / len(good))
        return out


def cache_key(path):
    st = os.stat(path)
    return hashlib.md5(f"{path}:{st.st_mtime_ns}".encode()).hexdigest()


def load(path, use_cache=True):
    entry = CACHE_DIR / (cache_key(path) + ".pkl")
    if use_cache and entry.exists():
        with open(entry, "rb") as fh:
            log.debug("cache hit %s", path)
            return pickle.load(fh)
    obj = LasLog.parse(path)
    CACHE_DIR.mkdir(exist_ok=True)
    with open(entry, "wb") as fh:
        pickle.dump(obj, fh)
    return obj


def shell_summary(paths):
    """Write a helper script that lists sizes and line counts, then run it."""
    script = CACHE_DIR / "summarise.sh"
    script.write_text(
        "#!/usr/bin/env bash\n"
        "for f in \"$@\"; do\n"
        "  printf '%s\\t%s bytes\\t%s lines\\n' \"$f\" \"$(stat -c %s \"$f\")\" \"$(wc -l < \"$f\")\"\n"
        "done\n")
    res = subprocess.run(["bash", str(script), *paths], capture_output=True, text=True)
    return res.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear", action="store_true", help="empty the cache first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear and CACHE_DIR.exists():
        for p in CACHE_DIR.glob("*.pkl"):
            p.unlink()
    ok = []
    for f in args.files:
        try:
            las = load(f, not args.no_cache)
        except (OSError, ValueError, IndexError) as exc:
            log.error("%s: %s", f, exc)
            continue
        ok.append(f)
        print(f"== {las.well or f}")
        for name, (lo, hi, mean) in las.stats().items():
            print(f"  {name:<8} min {lo:10.3f} max {hi:10.3f} mean {mean:10.3f}")
    if ok:
        print(shell_summary(ok), end="")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
