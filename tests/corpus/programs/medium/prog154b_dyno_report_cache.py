#!/usr/bin/env python3
"""Build customer dyno reports (plots + PDF) with a cache of parsed runs.

Parsing the raw dyno exports is slow, so parsed runs are cached. Report
settings live in a YAML file per customer project. Customers get a share
link with a short token; the token's hash is stored next to the report.
"""
import argparse
import csv
import hashlib
import logging
import os
import pickle
import random
import string
import subprocess
from pathlib import Path

import yaml

LOG = logging.getLogger("dynoreport")
CACHE_DIR = Path(".dyno_cache")


def cache_path(csv_path):
    key = hashlib.md5(str(csv_path.resolve()).encode()).hexdigest()
    return CACHE_DIR / f"{key}.pkl"


def parse_run(csv_path):
    cp = cache_path(csv_path)
    if cp.exists() and cp.stat().st_mtime >= csv_path.stat().st_mtime:
        with open(cp, "rb") as fh:
            return pickle.load(fh)
    rows = []
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                rows.append({k: float(v) for k, v in row.items()})
            except ValueError:
                continue
    CACHE_DIR.mkdir(exist_ok=True)
    with open(cp, "wb") as fh:
        pickle.dump(rows, fh)
    return rows


def load_settings(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def share_token(length=10):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def token_digest(token):
    return hashlib.sha1(token.encode()).hexdigest()


def write_plot_data(rows, out):
    with open(out, "w") as fh:
        for r in rows:
            fh.write(f"{r.get('rpm', 0)} {r.get('power_hp', 0)} {r.get('torque_nm', 0)}\n")


def plot(data_file, png, title):
    script = (
        f"set terminal pngcairo size 1200,700; set output '{png}';"
        f"set title '{title}'; set xlabel 'rpm'; set ytics nomirror; set y2tics;"
        f"plot '{data_file}' u 1:2 w l t 'power (hp)', '' u 1:3 axes x1y2 w l t 'torque (Nm)'"
    )
    subprocess.run(["gnuplot", "-e", script], check=True)


def to_pdf(png, pdf):
    subprocess.run(["convert", str(png), str(pdf)], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("project", type=Path, help="customer project folder")
    ap.add_argument("--settings", default="report.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.project / args.settings)
    title = settings.get("title", args.project.name)
    out_dir = args.project / "reports"
    out_dir.mkdir(exist_ok=True)

    for run in sorted((args.project / "runs").glob("*.csv")):
        rows = parse_run(run)
        if not rows:
            LOG.warning("%s has no data", run.name)
            continue
        data_file = out_dir / f"{run.stem}.dat"
        png = out_dir / f"{run.stem}.png"
        write_plot_data(rows, data_file)
        try:
            plot(data_file, png, f"{title} - {run.stem}")
            to_pdf(png, out_dir / f"{run.stem}.pdf")
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            LOG.error("report for %s failed: %s", run.name, exc)
            continue
        LOG.info("report ready for %s", run.stem)

    token = share_token()
    (out_dir / "share.sha1").write_text(token_digest(token) + "\n")
    os.chmod(out_dir / "share.sha1", 0o600)
    print(f"share link: https://portal.example.com/r/{args.project.name}?t={token}")


if __name__ == "__main__":
    main()
