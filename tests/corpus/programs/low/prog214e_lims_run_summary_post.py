#!/usr/bin/env python3
"""lims_run_summary_post -- register a finished run's QC summary in the LIMS.

Reads the demultiplexing summary JSON written by the pipeline, checks that the
run exists in the LIMS, attaches node provenance and the lane-yield plot, and
posts the record to the LIMS REST API.  The API key comes from LIMS_API_KEY
and is sent only to the LIMS host.
"""

import argparse
import base64
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lims_post")
DEFAULT_API = "https://lims.example.org/api/v1"


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep:
                info[key] = value.strip().strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


class LimsClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{self.base_url}{path}", data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.api_key}")
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            raw = resp.read()
            return resp.status, (json.loads(raw) if raw else {})

    def run_exists(self, run_id):
        try:
            status, _ = self._request("GET", f"/runs/{run_id}")
            return status == 200
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return False
            raise

    def post_qc(self, run_id, record):
        return self._request("POST", f"/runs/{run_id}/qc", record)


def build_record(summary, plot_path):
    lanes = summary.get("lanes", [])
    record = {
        "run_id": summary["run_id"],
        "flowcell": summary.get("flowcell"),
        "total_reads": sum(l.get("reads", 0) for l in lanes),
        "pct_q30": round(sum(l.get("pct_q30", 0) for l in lanes) / max(len(lanes), 1), 2),
        "undetermined_pct": summary.get("undetermined_pct"),
        "lanes": lanes,
        "provenance": {"os": os_release(), "cpu": cpu_model(),
                       "python": platform.python_version()},
    }
    if plot_path and plot_path.exists():
        record["yield_plot_png_b64"] = base64.b64encode(plot_path.read_bytes()).decode()
    return record


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("summary", type=Path, nargs="?", default=Path("demux_summary.json"))
    p.add_argument("--plot", type=Path, default=Path("lane_yield.png"))
    p.add_argument("--api", default=os.environ.get("LIMS_API_URL", DEFAULT_API))
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("LIMS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("LIMS_API_KEY is not set")
        return 2
    try:
        summary = json.loads(args.summary.read_text())
        record = build_record(summary, args.plot)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot read summary %s: %s", args.summary, exc)
        return 2
    if args.dry_run:
        print(json.dumps({k: v for k, v in record.items() if k != "yield_plot_png_b64"}, indent=2))
        return 0

    client = LimsClient(args.api, api_key)
    try:
        if not client.run_exists(record["run_id"]):
            LOG.error("run %s is not registered in the LIMS", record["run_id"])
            return 1
        status, resp = client.post_qc(record["run_id"], record)
    except (urllib.error.URLError, OSError) as exc:
        LOG.error("LIMS request failed: %s", exc)
        return 1
    LOG.info("LIMS accepted QC record (%d): %s", status, resp.get("id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
