#!/usr/bin/env python3
"""Bulk download of auction archive lot photos for the reference library.

Input is a manifest exported from the auction house archive (CSV with
lot_id, make, model, year, image_url). Images are fetched with a large
thread pool into ./library/<make>/<model>/<year>/<lot_id>_<n>.jpg, skipping
anything already present. A full archive run is ~400k images, so the host
network stack is tuned for many short-lived connections before starting.
"""
import argparse
import csv
import logging
import resource
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("archivefetch")

HOST_TUNING = {
    "net/ipv4/ip_local_port_range": "10240 65000",
    "net/ipv4/tcp_tw_reuse": "1",
    "net/ipv4/tcp_fin_timeout": "15",
    "net/core/somaxconn": "4096",
    "fs/file-max": "2097152",
}
PROC_SYS = Path("/proc/sys")


class HostTuner:
    def __init__(self, settings=HOST_TUNING, root=PROC_SYS):
        self.settings = settings
        self.root = root
        self.saved = {}

    def apply(self):
        for key, value in self.settings.items():
            node = self.root / key
            try:
                self.saved[key] = node.read_text().strip()
                node.write_text(value + "\n")
                log.debug("%s: %s -> %s", key.replace("/", "."), self.saved[key], value)
            except OSError as exc:
                log.warning("could not set %s (%s)", key.replace("/", "."), exc)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        log.info("open file limit %d -> %d", soft, hard)

    def restore(self):
        for key, value in self.saved.items():
            try:
                (self.root / key).write_text(value + "\n")
            except OSError:
                pass


def slug(part: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in part.strip()) or "unknown"


def targets(manifest: Path, root: Path):
    seen = Counter()
    with manifest.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            lot = slug(row["lot_id"])
            seen[lot] += 1
            d = root / slug(row["make"]) / slug(row["model"]) / slug(row.get("year") or "na")
            yield row["image_url"], d / f"{lot}_{seen[lot]:02d}.jpg"


def fetch_one(url: str, dest: Path, timeout: float) -> str:
    if dest.exists() and dest.stat().st_size > 0:
        return "skip"
    dest.parent.mkdir(parents=True, exist_ok=True)
    req = urllib.request.Request(url, headers={"User-Agent": "archivefetch/1.2"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                data = resp.read()
            tmp = dest.with_suffix(".part")
            tmp.write_bytes(data)
            tmp.replace(dest)
            return "ok"
        except urllib.error.HTTPError as exc:
            if exc.code in (404, 410):
                return "missing"
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(1 + attempt)
    return "failed"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="bulk fetch auction archive photos")
    ap.add_argument("manifest", type=Path)
    ap.add_argument("--root", type=Path, default=Path("library"))
    ap.add_argument("--workers", type=int, default=96)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--no-tune", action="store_true", help="leave host settings alone")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.manifest.exists():
        log.error("manifest %s not found", args.manifest)
        return 2

    tuner = HostTuner()
    if not args.no_tune:
        tuner.apply()

    stats = Counter()
    started = time.time()
    try:
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            futures = {pool.submit(fetch_one, url, dest, args.timeout): url
                       for url, dest in targets(args.manifest, args.root)}
            for n, fut in enumerate(as_completed(futures), 1):
                stats[fut.result()] += 1
                if n % 1000 == 0:
                    rate = n / (time.time() - started)
                    log.info("%d done (%.0f/s) %s", n, rate, dict(stats))
    finally:
        if not args.no_tune:
            tuner.restore()
    log.info("finished in %.0fs: %s", time.time() - started, dict(stats))
    return 0 if stats["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
