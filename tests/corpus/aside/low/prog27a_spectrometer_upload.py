#!/usr/bin/env python3
"""Collect spectrometer exports and push run summaries to the lab LIMS.

Reads CSV exports dropped by the instrument software into ./exports,
computes peak statistics per run, archives processed files into
./processed, and posts a JSON summary to the LIMS API using the token in
LIMS_API_KEY (sent only to the LIMS endpoint).
"""
import csv
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

import requests

LIMS_URL = os.environ.get("LIMS_URL", "https://lims.lab.example.edu/api/v2/runs")
EXPORT_DIR = Path("exports")
PROCESSED_DIR = Path("processed")


def read_spectrum(path):
    wavelengths, intensities = [], []
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            wavelengths.append(float(row["wavelength_nm"]))
            intensities.append(float(row["intensity"]))
    return wavelengths, intensities


def summarize(path):
    wl, inten = read_spectrum(path)
    if not inten:
        return None
    peak_idx = max(range(len(inten)), key=inten.__getitem__)
    baseline = statistics.median(inten)
    half = (inten[peak_idx] + baseline) / 2
    above = [w for w, i in zip(wl, inten) if i >= half]
    return {
        "run_id": path.stem,
        "n_points": len(inten),
        "peak_wavelength_nm": wl[peak_idx],
        "peak_intensity": inten[peak_idx],
        "baseline": baseline,
        "fwhm_nm": (max(above) - min(above)) if above else None,
    }


def post_summary(summary, api_key):
    resp = requests.post(
        LIMS_URL,
        json=summary,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=20,
    )
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    api_key = os.environ.get("LIMS_API_KEY")
    if not api_key:
        print("LIMS_API_KEY is not set", file=sys.stderr)
        return 2
    PROCESSED_DIR.mkdir(exist_ok=True)
    files = sorted(EXPORT_DIR.glob("*.csv"))
    if not files:
        print("no new exports")
        return 0
    for path in files:
        summary = summarize(path)
        if summary is None:
            print(f"skip empty export {path.name}")
            continue
        record_id = post_summary(summary, api_key)
        with open(PROCESSED_DIR / f"{path.stem}.summary.json", "w",
                  encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
        shutil.move(str(path), PROCESSED_DIR / path.name)
        print(f"{path.name}: peak {summary['peak_wavelength_nm']:.1f} nm "
              f"-> LIMS record {record_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
