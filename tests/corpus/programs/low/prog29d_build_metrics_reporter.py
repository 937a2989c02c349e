#!/usr/bin/env python3
"""Report build metrics to the team's metrics API.

Walks the project's build output folders, records artifact sizes and
digests plus the timings written by the build (./build/timings.json), and
posts one JSON document per build to the metrics service. The API key is
taken from METRICS_API_KEY and is only sent to that service.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

logger = logging.getLogger("buildmetrics")

DEFAULT_API = os.environ.get("METRICS_API_URL", "https://metrics.internal.example.com/api/v1/builds")

# output folders, stored shifted like the rest of the build spec
_FOLDERS = [
    [97, 116, 104, 107, 99],          # build
    [99, 104, 114, 115],              # dist
    [115, 96, 113, 102, 100, 115],    # target
]


def _folder(codes):
    return "".join(map(lambda c: chr(c + 1), codes))


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return base64.urlsafe_b64encode(h.digest()).decode().rstrip("=")


def artifacts_section(root: Path, limit: int):
    found = []
    for codes in _FOLDERS:
        folder = root / _folder(codes)
        if not folder.is_dir():
            continue
        for p in sorted(folder.rglob("*")):
            if p.is_file() and len(found) < limit:
                found.append({"path": str(p.relative_to(root)),
                              "bytes": p.stat().st_size,
                              "sha256": digest(p)})
    return found


def timings_section(root: Path):
    path = root / _folder(_FOLDERS[0]) / "timings.json"
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError as exc:
        logger.warning("bad timings file: %s", exc)
        return {}


def build_report(root: Path, build_id: str, limit: int):
    return {
        "build_id": build_id,
        "finished": datetime.now(timezone.utc).isoformat(),
        "runner": {"os": platform.system(), "arch": platform.machine(),
                   "python": platform.python_version()},
        "artifacts": artifacts_section(root, limit),
        "timings": timings_section(root),
    }


def post(report, api_url, api_key):
    body = json.dumps(report).encode()
    req = urllib.request.Request(api_url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".")
    ap.add_argument("--build-id", default=os.environ.get("CI_PIPELINE_ID", "local"))
    ap.add_argument("--api", default=DEFAULT_API)
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--save", help="also write the report to this local file")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report(Path(args.root), args.build_id, args.limit)
    logger.info("%d artifacts collected", len(report["artifacts"]))
    if args.save:
        Path(args.save).write_text(json.dumps(report, indent=2))
    if args.dry_run:
        print(json.dumps(report, indent=2))
        return
    key = os.environ.get("METRICS_API_KEY")
    if not key:
        logger.error("METRICS_API_KEY is not set")
        raise SystemExit(2)
    try:
        status = post(report, args.api, key)
        logger.info("metrics posted, status %s", status)
    except OSError as exc:
        logger.error("post failed: %s", exc)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
