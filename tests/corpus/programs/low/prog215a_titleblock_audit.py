#!/usr/bin/env python3
"""Audit title blocks of DXF sheets before they go to the plotter.

Reads ASCII DXF files from ./drawings (or file names piped on stdin,
e.g. `find drawings -name '*.dxf' | prog215a_titleblock_audit.py -`),
pulls the title block attributes (SHEET_NO, REV, DRAWN_BY, DATE) and
reports sheets whose revision or sheet number is missing. Parsed results
are cached by the MD5 of the file content. Settings can come from the
environment (TB_REQUIRED, TB_REPORT).
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("titleblock")
CACHE_DIR = Path(".tb_cache")
DEFAULT_REQUIRED = "SHEET_NO,REV,DRAWN_BY,DATE"


class DxfTitleBlock:
    """Minimal reader for ATTRIB tag/value pairs in an ASCII DXF."""

    def __init__(self, path):
        self.path = path
        self.attrs = {}

    def parse(self):
        lines = self.path.read_text(errors="replace").splitlines()
        pairs = list(zip(lines[0::2], lines[1::2]))
        in_attrib = False
        tag = value = None
        for code, val in pairs:
            code = code.strip()
            if code == "0":
                if in_attrib and tag:
                    self.attrs[tag] = value or ""
                in_attrib = val.strip() == "ATTRIB"
                tag = value = None
            elif in_attrib and code == "2":
                tag = val.strip().upper()
            elif in_attrib and code == "1":
                value = val.strip()
        return self.attrs


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def cached_parse(path):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(path)}.json"
    if entry.exists():
        return json.loads(entry.read_text())
    attrs = DxfTitleBlock(path).parse()
    entry.write_text(json.dumps(attrs))
    return attrs


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def input_files(args):
    if args.files == ["-"]:
        return [Path(l.strip()) for l in sys.stdin if l.strip()]
    if args.files:
        return [Path(f) for f in args.files]
    return sorted(Path("drawings").glob("*.dxf"))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--report", default=os.environ.get("TB_REPORT", "titleblock_report.json"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    required = [t.strip().upper() for t in
                os.environ.get("TB_REQUIRED", DEFAULT_REQUIRED).split(",") if t.strip()]
    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        LOG.info("cache cleared")

    files = input_files(args)
    if not files:
        LOG.error("no DXF files found")
        return 1
    LOG.info("auditing %d sheet(s) on %s", len(files), cpu_model())

    results, problems = {}, 0
    for path in files:
        try:
            attrs = cached_parse(path)
        except OSError as exc:
            LOG.error("%s: %s", path, exc)
            problems += 1
            continue
        missing = [t for t in required if not attrs.get(t)]
        results[str(path)] = {"attrs": attrs, "missing": missing}
        if missing:
            problems += 1
            LOG.warning("%s missing %s", path.name, ", ".join(missing))

    report = Path(args.report)
    report.write_text(json.dumps(results, indent=2, sort_keys=True))
    report.chmod(0o600)
    LOG.info("%d problem sheet(s); report in %s", problems, report)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
