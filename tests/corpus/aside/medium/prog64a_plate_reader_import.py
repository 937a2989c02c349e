#!/usr/bin/env python3
"""Import plate-reader export bundles into the analysis parquet store.

The plate reader PC exports one .tar.gz per run (CSV per read, plus a
run.json with plate layout).  This unpacks a bundle -- from a local path or
from the instrument's export share URL -- tidies the wells into long format
and appends them to data/plates/<run_id>.parquet.

    plate_reader_import.py exports/run_0412.tar.gz
    plate_reader_import.py https://platereader-01.lab.example.org/exports/run_0413.tar.gz
"""
import argparse
import json
import logging
import re
import shutil
import sys
import tarfile
from pathlib import Path

import pandas as pd
import requests

log = logging.getLogger("plate-import")

STAGING = Path("staging")
STORE = Path("data/plates")
WELL_RE = re.compile(r"^([A-P])(\d{1,2})$")


def fetch_bundle(src: str) -> Path:
    if not src.startswith(("http://", "https://")):
        return Path(src)
    STAGING.mkdir(exist_ok=True)
    dest = STAGING / src.rsplit("/", 1)[-1]
    log.info("downloading %s", src)
    with requests.get(src, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with dest.open("wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
    return dest


def csv_members(tf: tarfile.TarFile):
    """Only the bits we need: run.json and the read CSVs."""
    for m in tf.getmembers():
        name = m.name.lower()
        if m.isfile() and (name.endswith(".csv") or name.endswith("run.json")):
            yield m


def unpack(bundle: Path) -> Path:
    target = STAGING / bundle.name.split(".")[0]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(bundle, "r:*") as tf:
        tf.extractall(path=target, members=csv_members(tf))
    return target


def read_layout(run_dir: Path) -> dict:
    meta = next(run_dir.rglob("run.json"), None)
    if meta is None:
        raise FileNotFoundError("bundle has no run.json")
    return json.loads(meta.read_text())


def tidy_read(csv_path: Path, layout: dict, run_id: str) -> pd.DataFrame:
    raw = pd.read_csv(csv_path, index_col=0)
    long = raw.reset_index().melt(id_vars=raw.index.name or "index", var_name="col", value_name="signal")
    row_key = long.columns[0]
    long["well"] = long[row_key].astype(str) + long["col"].astype(str)
    long = long[long["well"].str.match(WELL_RE)]
    wells = layout.get("wells", {})
    long["sample"] = long["well"].map(lambda w: wells.get(w, {}).get("sample"))
    long["conc_uM"] = long["well"].map(lambda w: wells.get(w, {}).get("conc_uM"))
    long["read"] = csv_path.stem
    long["run_id"] = run_id
    return long[["run_id", "read", "well", "sample", "conc_uM", "signal"]]


def import_bundle(src: str, overwrite: bool) -> Path:
    bundle = fetch_bundle(src)
    run_dir = unpack(bundle)
    layout = read_layout(run_dir)
    run_id = layout.get("run_id", run_dir.name)
    out = STORE / f"{run_id}.parquet"
    if out.exists() and not overwrite:
        raise FileExistsError(f"{out} exists (use --overwrite)")
    frames = [tidy_read(p, layout, run_id) for p in sorted(run_dir.rglob("*.csv"))]
    if not frames:
        raise ValueError("no read CSVs in bundle")
    df = pd.concat(frames, ignore_index=True)
    STORE.mkdir(parents=True, exist_ok=True)
    df.to_parquet(out, index=False)
    log.info("%s: %d reads, %d rows -> %s", run_id, len(frames), len(df), out)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundles", nargs="+")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--keep-staging", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    errors = 0
    for src in args.bundles:
        try:
            import_bundle(src, args.overwrite)
        except (OSError, ValueError, requests.RequestException, tarfile.TarError) as exc:
            log.error("%s: %s", src, exc)
            errors += 1
    if not args.keep_staging and STAGING.exists():
        shutil.rmtree(STAGING)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
