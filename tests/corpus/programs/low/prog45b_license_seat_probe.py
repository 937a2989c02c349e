#!/usr/bin/env python3
"""Check floating-licence availability before submitting a large solver job.

Queries the licence dashboard's read-only REST endpoint (a thin HTTP front
end on top of lmstat), compares free seats with the number of cores this
node would consume, and writes a short JSON verdict into the working
directory so the submit wrapper can decide whether to queue now or later.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

LOG = logging.getLogger("licprobe")
DEFAULT_DASHBOARD = "https://licdash.hpc.example.edu/api/v1/features"


@dataclass
class FeatureStatus:
    feature: str
    issued: int
    in_use: int
    cores_needed: int

    @property
    def free(self) -> int:
        return max(self.issued - self.in_use, 0)

    @property
    def enough(self) -> bool:
        return self.free >= self.cores_needed


def count_cores(cpuinfo: Path = Path("/proc/cpuinfo")) -> int:
    """Count logical processors the way most licence schemes do."""
    try:
        with cpuinfo.open() as fh:
            return sum(1 for line in fh if line.startswith("processor"))
    except OSError as exc:
        LOG.warning("cannot read %s (%s); assuming os.cpu_count()", cpuinfo, exc)
        return os.cpu_count() or 1


def dashboard_alive(base: str, timeout: float) -> bool:
    req = urllib.request.Request(base, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return 200 <= resp.status < 400
    except (urllib.error.URLError, TimeoutError) as exc:
        LOG.error("dashboard unreachable: %s", exc)
        return False


def fetch_feature(base: str, feature: str, timeout: float) -> dict:
    url = f"{base.rstrip('/')}/{feature}"
    LOG.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("features", nargs="+", help="licence feature names, e.g. cfd_solver")
    ap.add_argument("--dashboard", default=os.environ.get("LICDASH_URL", DEFAULT_DASHBOARD))
    ap.add_argument("--cores-per-seat", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--out", default="licence_check.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not dashboard_alive(args.dashboard, args.timeout):
        return 2

    cores = count_cores()
    seats_needed = -(-cores // args.cores_per_seat)
    results = []
    for feat in args.features:
        try:
            data = fetch_feature(args.dashboard, feat, args.timeout)
        except (urllib.error.HTTPError, ValueError) as exc:
            LOG.error("feature %s: %s", feat, exc)
            continue
        status = FeatureStatus(feat, int(data.get("issued", 0)),
                               int(data.get("in_use", 0)), seats_needed)
        LOG.info("%-20s free=%d needed=%d", feat, status.free, seats_needed)
        results.append({**asdict(status), "free": status.free, "enough": status.enough})

    verdict = {"checked_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
               "cores": cores, "features": results,
               "go": bool(results) and all(r["enough"] for r in results)}
    Path(args.out).write_text(json.dumps(verdict, indent=2))
    LOG.info("verdict written to %s (go=%s)", args.out, verdict["go"])
    return 0 if verdict["go"] else 1


if __name__ == "__main__":
    sys.exit(main())
