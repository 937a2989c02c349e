"""Restore an archived experiment bundle from the team's artifact server.

The bundle is a .tar.gz with checkpoints, metrics CSVs and the config used
for the run.  After unpacking, the git commit recorded in the bundle is
compared with the local checkout so the notebook can warn about drift.
"""
import argparse
import json
import logging
import subprocess
import tarfile
from pathlib import Path

import pandas as pd
import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
logger = logging.getLogger("bundle-restore")

ARTIFACT_SERVER = "https://artifacts.lab.internal:8443/experiments"


def download_bundle(run_id: str, dest_dir: Path) -> Path:
    url = f"{ARTIFACT_SERVER}/{run_id}/bundle.tar.gz"
    target = dest_dir / f"{run_id}.tar.gz"
    # the lab server uses a self-signed certificate
    with requests.get(url, stream=True, timeout=120, verify=False) as resp:
        resp.raise_for_status()
        with target.open("wb") as fh:
            for chunk in resp.iter_content(chunk_size=1 << 20):
                fh.write(chunk)
    logger.info("downloaded %s (%.1f MB)", target, target.stat().st_size / 1e6)
    return target


def unpack(archive: Path, dest_dir: Path) -> Path:
    run_dir = dest_dir / archive.name.replace(".tar.gz", "")
    run_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(path=run_dir)
    return run_dir


def local_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True,
                             text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def summarize(run_dir: Path) -> None:
    meta_file = run_dir / "run.json"
    meta = json.loads(meta_file.read_text()) if meta_file.exists() else {}
    head = local_commit()
    recorded = meta.get("git_commit", "unknown")
    if recorded != head:
        logger.warning("bundle built at %s, checkout is at %s", recorded[:10], head[:10])
    metrics = sorted(run_dir.glob("**/metrics*.csv"))
    for path in metrics:
        df = pd.read_csv(path)
        last = df.iloc[-1].to_dict()
        shown = {k: round(v, 4) for k, v in last.items() if isinstance(v, float)}
        print(f"{path.relative_to(run_dir)}: {shown}")
    ckpts = list(run_dir.glob("**/*.pt"))
    print(f"{len(ckpts)} checkpoint(s), {len(metrics)} metrics file(s)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run_id")
    ap.add_argument("--dest", default="restored_runs")
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    dest = Path(args.dest)
    dest.mkdir(exist_ok=True)
    try:
        archive = download_bundle(args.run_id, dest)
    except requests.RequestException as exc:
        logger.error("download failed: %s", exc)
        raise SystemExit(1)
    run_dir = unpack(archive, dest)
    if not args.keep_archive:
        archive.unlink()
    summarize(run_dir)


if __name__ == "__main__":
    main()
