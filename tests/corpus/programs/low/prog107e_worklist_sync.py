#!/usr/bin/env python3
"""Modality worklist sync.

Pulls scheduled procedure steps for each configured modality from the RIS
REST gateway and writes one JSON worklist file per AE title into the local
``worklists/`` folder, where the worklist SCP picks them up.
"""
import argparse
import configparser
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("worklist_sync")

DEFAULTS = {
    "ris_url": "https://ris-gateway.trust.internal/api/v1",
    "output_dir": "worklists",
    "lookahead_hours": "12",
    "timeout": "20",
}


class WorklistSync:
    def __init__(self, cfg: configparser.SectionProxy, modalities):
        self.base = cfg.get("ris_url").rstrip("/")
        self.out = Path(cfg.get("output_dir"))
        self.hours = cfg.getint("lookahead_hours")
        self.timeout = cfg.getint("timeout")
        self.modalities = modalities
        self.session = requests.Session()
        token = os.environ.get("RIS_API_TOKEN")
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def fetch(self, ae_title):
        now = dt.datetime.now()
        params = {
            "station_ae": ae_title,
            "from": now.isoformat(timespec="minutes"),
            "to": (now + dt.timedelta(hours=self.hours)).isoformat(timespec="minutes"),
        }
        resp = self.session.get(f"{self.base}/sps", params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("items", [])

    @staticmethod
    def normalise(item):
        return {
            "AccessionNumber": item.get("accession"),
            "PatientID": item.get("mrn"),
            "PatientName": item.get("name", "").upper().replace(" ", "^"),
            "Modality": item.get("modality"),
            "ScheduledProcedureStepStartDate": item.get("start", "")[:10].replace("-", ""),
            "ScheduledProcedureStepStartTime": item.get("start", "")[11:16].replace(":", ""),
            "RequestedProcedureDescription": item.get("procedure"),
        }

    def write(self, ae_title, entries):
        self.out.mkdir(parents=True, exist_ok=True)
        target = self.out / f"{ae_title}.json"
        tmp = target.with_suffix(".json.part")
        tmp.write_text(json.dumps(entries, indent=2))
        tmp.replace(target)
        log.info("%s: %d entries -> %s", ae_title, len(entries), target)

    def run_once(self):
        failures = 0
        for ae in self.modalities:
            try:
                items = self.fetch(ae)
            except requests.RequestException as exc:
                log.error("%s: RIS query failed: %s", ae, exc)
                failures += 1
                continue
            self.write(ae, [self.normalise(i) for i in items])
        return failures


def load_config(path):
    cp = configparser.ConfigParser()
    cp["sync"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    mods = [m.strip() for m in cp.get("sync", "modalities", fallback="CT01,MR01").split(",") if m.strip()]
    return cp["sync"], mods


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="worklist_sync.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg, mods = load_config(args.config)
    failures = WorklistSync(cfg, mods).run_once()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
