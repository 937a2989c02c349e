#!/usr/bin/env python3
"""Pull tomorrow's nuclear medicine worklist from the RIS and prepare the
hot-lab ordering sheet (how many MBq of each radiopharmaceutical to order).

The RIS test server still uses a self-signed certificate, so certificate
checking is switched off for it.
"""
import argparse
import json
import logging
import os
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("ris_worklist")
RIS_URL = "https://ris.example.org/api/v1/worklist"

# Typical administered activities (MBq) per study, from the local protocol book
PROTOCOL_MBQ = {
    "BONE": ("Tc-99m MDP", 600),
    "MPI_REST": ("Tc-99m tetrofosmin", 400),
    "MPI_STRESS": ("Tc-99m tetrofosmin", 1200),
    "RENAL_DMSA": ("Tc-99m DMSA", 80),
    "FDG_PET": ("F-18 FDG", 250),
    "PSMA_PET": ("Ga-68 PSMA", 150),
}


class WorklistClient:
    def __init__(self, base_url, timeout=20):
        self.base_url = base_url
        self.timeout = timeout
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def fetch(self, day):
        url = f"{self.base_url}?modality=NM&date={day.isoformat()}"
        LOG.info("GET %s", url)
        req = urllib.request.Request(url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, context=self.ctx, timeout=self.timeout) as resp:
            return json.load(resp)


def build_order(entries):
    totals = Counter()
    unknown = []
    for e in entries:
        code = e.get("study_code", "").upper()
        if code not in PROTOCOL_MBQ:
            unknown.append(code or "?")
            continue
        agent, mbq = PROTOCOL_MBQ[code]
        totals[agent] += mbq
    return totals, unknown


def write_sheet(totals, day, out_dir: Path):
    out_dir.mkdir(parents=True, exist_ok=True)
    sheet = out_dir / f"hotlab_order_{day.isoformat()}.tsv"
    with sheet.open("w") as fh:
        fh.write("agent\ttotal_mbq\twith_20pct_margin\n")
        for agent, mbq in sorted(totals.items()):
            fh.write(f"{agent}\t{mbq}\t{round(mbq * 1.2)}\n")
    return sheet


def show(sheet: Path):
    env = dict(os.environ, SHEET=str(sheet))
    proc = subprocess.run(["bash", "-c", 'column -t -s "$(printf "\\t")" "$SHEET"'],
                          env=env, capture_output=True, text=True)
    print(proc.stdout if proc.returncode == 0 else sheet.read_text())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", help="worklist date (default: tomorrow)")
    ap.add_argument("--url", default=os.environ.get("RIS_WORKLIST_URL", RIS_URL))
    ap.add_argument("--out-dir", type=Path, default=Path("./orders"))
    ap.add_argument("--dump", action="store_true", help="also save the raw worklist JSON")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    day = date.fromisoformat(args.date) if args.date else date.today() + timedelta(days=1)
    client = WorklistClient(args.url)
    try:
        data = client.fetch(day)
    except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
        LOG.error("could not fetch worklist: %s", exc)
        return 1

    entries = data.get("entries", [])
    LOG.info("%d NM entries for %s", len(entries), day)
    if args.dump:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        (args.out_dir / f"worklist_{day}.json").write_text(json.dumps(entries, indent=2))

    totals, unknown = build_order(entries)
    if unknown:
        LOG.warning("no protocol activity for study codes: %s", ", ".join(sorted(set(unknown))))
    if not totals:
        LOG.warning("nothing to order")
        return 0
    sheet = write_sheet(totals, day, args.out_dir)
    LOG.info("ordering sheet written to %s", sheet)
    show(sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
