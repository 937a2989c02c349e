#!/usr/bin/env python3
"""Summarise nfdump CSV exports into top-talker reports.

    nfdump -r nfcapd.202405011200 -o csv > exports/0501-1200.csv
    netflow_top_talkers.py exports/*.csv --top 20 --prefix 24

Aggregates bytes and packets per source, destination, conversation and
(optionally) per /N prefix. Parsed files are cached in ./.flowcache keyed by
path, size and mtime so re-running over a growing directory stays fast.
"""
import argparse
import csv
import hashlib
import heapq
import ipaddress
import json
import logging
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("top-talkers")

CACHE_DIR = Path("./.flowcache")
PROTO_NAMES = {"1": "ICMP", "6": "TCP", "17": "UDP", "47": "GRE", "50": "ESP"}


def cache_key(path: Path) -> str:
    st = path.stat()
    ident = f"{path.resolve()}:{st.st_size}:{int(st.st_mtime)}"
    return hashlib.md5(ident.encode()).hexdigest()


def parse_export(path: Path):
    """Yield (src, dst, proto, bytes, packets) from an nfdump -o csv file."""
    with path.open(newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            if not row.get("sa") or row["sa"].startswith("Summary"):
                break
            try:
                yield (row["sa"], row["da"], PROTO_NAMES.get(row.get("pr", ""), row.get("pr", "?")),
                       int(row.get("ibyt", 0)), int(row.get("ipkt", 0)))
            except (KeyError, ValueError):
                continue


def aggregate_file(path: Path, prefix: int):
    key = cache_key(path) + f"-p{prefix}"
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        try:
            return json.loads(cached.read_text())
        except ValueError:
            cached.unlink()

    agg = {"src": Counter(), "dst": Counter(), "conv": Counter(), "net": Counter(), "proto": Counter(),
           "flows": 0}
    for src, dst, proto, nbytes, _pkts in parse_export(path):
        agg["src"][src] += nbytes
        agg["dst"][dst] += nbytes
        agg["conv"][f"{src} -> {dst}"] += nbytes
        agg["proto"][proto] += nbytes
        try:
            net = ipaddress.ip_network(f"{src}/{prefix if ':' not in src else 64}", strict=False)
            agg["net"][str(net)] += nbytes
        except ValueError:
            pass
        agg["flows"] += 1

    CACHE_DIR.mkdir(exist_ok=True)
    serialisable = {k: dict(v) if isinstance(v, Counter) else v for k, v in agg.items()}
    cached.write_text(json.dumps(serialisable))
    return serialisable


def merge(results):
    total = {"src": Counter(), "dst": Counter(), "conv": Counter(), "net": Counter(), "proto": Counter(),
             "flows": 0}
    for r in results:
        for k in ("src", "dst", "conv", "net", "proto"):
            total[k].update(r[k])
        total["flows"] += r["flows"]
    return total


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def write_report(total, top, out: Path):
    lines = [f"# Top talkers ({total['flows']} flows)", ""]
    for section, title in (("src", "Sources"), ("dst", "Destinations"),
                           ("conv", "Conversations"), ("net", "Source prefixes"), ("proto", "Protocols")):
        lines += [f"## {title}", "", "| rank | key | bytes |", "|---:|---|---:|"]
        for i, (k, v) in enumerate(heapq.nlargest(top, total[section].items(), key=lambda kv: kv[1]), 1):
            lines.append(f"| {i} | `{k}` | {human(v)} |")
        lines.append("")
    out.write_text("\n".join(lines))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--prefix", type=int, default=24)
    ap.add_argument("--out", type=Path, default=Path("top_talkers.md"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    results = []
    for path in args.exports:
        try:
            results.append(aggregate_file(path, args.prefix))
        except OSError as exc:
            log.warning("skipping %s: %s", path, exc)
    if not results:
        log.error("no readable exports")
        return 1

    total = merge(results)
    write_report(total, args.top, args.out)
    log.info("%d files, %d flows -> %s", len(results), total["flows"], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
