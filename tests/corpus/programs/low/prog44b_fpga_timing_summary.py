#!/usr/bin/env python3
"""Summarise Vivado/nextpnr timing reports found in the local build tree.

Walks ./build for *.rpt / *.timing files, extracts worst negative slack (WNS),
total negative slack (TNS) and achieved Fmax, and writes a JSON summary that
the CI job attaches to the merge request. Parsed results are cached per file
content so re-runs on large designs stay fast.
"""
import argparse
import hashlib
import json
import logging
import re
from dataclasses import dataclass, asdict
from pathlib import Path

LOG = logging.getLogger("timing-summary")

WNS_RE = re.compile(r"WNS\(ns\)\s*[:=]?\s*(-?\d+\.\d+)")
TNS_RE = re.compile(r"TNS\(ns\)\s*[:=]?\s*(-?\d+\.\d+)")
FMAX_RE = re.compile(r"Max frequency for clock '([^']+)':\s*([\d.]+)\s*MHz")


@dataclass
class TimingResult:
    report: str
    wns_ns: float | None
    tns_ns: float | None
    fmax_mhz: dict

    @property
    def met(self) -> bool:
        return self.wns_ns is None or self.wns_ns >= 0.0


def host_core_count() -> int:
    """Count processors from /proc/cpuinfo (used only for the report header)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return 1
    return max(1, sum(1 for line in text.splitlines() if line.startswith("processor")))


def cache_key(path: Path) -> str:
    # MD5 is fine here: it is only a content fingerprint for the local cache.
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse_report(path: Path) -> TimingResult:
    text = path.read_text(errors="replace")
    wns = WNS_RE.search(text)
    tns = TNS_RE.search(text)
    fmax = {clk: float(mhz) for clk, mhz in FMAX_RE.findall(text)}
    return TimingResult(
        report=str(path),
        wns_ns=float(wns.group(1)) if wns else None,
        tns_ns=float(tns.group(1)) if tns else None,
        fmax_mhz=fmax,
    )


def load_or_parse(path: Path, cache_dir: Path) -> TimingResult:
    entry = cache_dir / f"{cache_key(path)}.json"
    if entry.exists():
        LOG.debug("cache hit for %s", path)
        return TimingResult(**json.loads(entry.read_text()))
    result = parse_report(path)
    entry.write_text(json.dumps(asdict(result)))
    return result


def prune_cache(cache_dir: Path, live_keys: set[str]) -> int:
    removed = 0
    for stale in cache_dir.glob("*.json"):
        if stale.stem not in live_keys:
            stale.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--cache-dir", default=".timing_cache")
    ap.add_argument("--out", default="timing_summary.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    build_dir = Path(args.build_dir)
    cache_dir = Path(args.cache_dir)
    cache_dir.mkdir(exist_ok=True)

    reports = sorted(p for ext in ("*.rpt", "*.timing") for p in build_dir.rglob(ext))
    if not reports:
        LOG.warning("no timing reports under %s", build_dir)
        return 1

    results = [load_or_parse(p, cache_dir) for p in reports]
    removed = prune_cache(cache_dir, {cache_key(p) for p in reports})
    LOG.info("parsed %d reports, pruned %d stale cache entries", len(results), removed)

    failing = [r for r in results if not r.met]
    summary = {
        "host_cores": host_core_count(),
        "reports": [asdict(r) for r in results],
        "failing": [r.report for r in failing],
    }
    Path(args.out).write_text(json.dumps(summary, indent=2))
    for r in failing:
        LOG.error("timing NOT met in %s (WNS %.3f ns)", r.report, r.wns_ns)
    return 2 if failing else 0


if __name__ == "__main__":
    raise SystemExit(main())
