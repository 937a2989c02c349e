#!/usr/bin/env python3
"""Summarise the engineering-software license pool for the weekly ops note.

Inputs (all in the working directory):
  licenses/*.lic     FlexLM-style license files (FEATURE / INCREMENT lines)
  logs/lmgrd*.log    copies of the license daemon debug logs (OUT:/IN:/DENIED:)

It also records which host the report was made on (CPU model and OS from
/proc/cpuinfo and /etc/os-release) and whether the vendor status page answers.
Output: license_report.md
"""
import argparse
import collections
import datetime as dt
import logging
import re
import shlex
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lic-report")

FEATURE_RE = re.compile(r"^(FEATURE|INCREMENT)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)")
LOGLINE_RE = re.compile(r"\((?P<vendor>\w+)\)\s+(?P<kind>OUT|IN|DENIED):\s+\"(?P<feat>[^\"]+)\"\s+(?P<who>\S+)")


def read_host_facts() -> dict:
    facts = {"cpu": "unknown", "cores": 0, "os": "unknown"}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and facts["cpu"] == "unknown":
                facts["cpu"] = line.split(":", 1)[1].strip()
            elif line.startswith("processor"):
                facts["cores"] += 1
    except OSError:
        pass
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                facts["os"] = shlex.split(line.split("=", 1)[1])[0]
    except (OSError, ValueError, IndexError):
        pass
    return facts


def parse_licenses(folder: Path):
    features = []
    for lic in sorted(folder.glob("*.lic")):
        joined = lic.read_text(errors="replace").replace("\\\n", " ")
        for line in joined.splitlines():
            m = FEATURE_RE.match(line.strip())
            if not m:
                continue
            _, name, vendor, version, expiry, count = m.groups()
            features.append({"file": lic.name, "feature": name, "vendor": vendor,
                             "version": version, "expiry": expiry,
                             "count": 0 if count.lower() == "uncounted" else int(count)})
    return features


def expiry_date(text: str):
    if text.lower() in ("permanent", "0", "1-jan-0"):
        return None
    try:
        return dt.datetime.strptime(text, "%d-%b-%Y").date()
    except ValueError:
        return None


def parse_usage(folder: Path):
    outs, denials = collections.Counter(), collections.Counter()
    for log_file in sorted(folder.glob("lmgrd*.log")):
        for line in log_file.read_text(errors="replace").splitlines():
            m = LOGLINE_RE.search(line)
            if not m:
                continue
            if m["kind"] == "OUT":
                outs[m["feat"]] += 1
            elif m["kind"] == "DENIED":
                denials[m["feat"]] += 1
    return outs, denials


def vendor_status(url: str, timeout: float = 8.0) -> str:
    req = urllib.request.Request(url, method="HEAD",
                                 headers={"User-Agent": "lic-report/1.3"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return f"HTTP {resp.status}"
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError) as exc:
        return f"unreachable ({exc})"


def render(features, outs, denials, facts, status, warn_days) -> str:
    today = dt.date.today()
    lines = [f"# License pool report {today.isoformat()}", "",
             f"Generated on {facts['os']}, {facts['cpu']} x{facts['cores']}.",
             f"Vendor status page: {status}", "",
             "| feature | vendor | seats | expires | checkouts | denials | note |",
             "|---|---|---|---|---|---|---|"]
    for f in sorted(features, key=lambda x: (x["vendor"], x["feature"])):
        exp = expiry_date(f["expiry"])
        note = ""
        if exp and (exp - today).days < 0:
            note = "EXPIRED"
        elif exp and (exp - today).days <= warn_days:
            note = f"expires in {(exp - today).days} d"
        lines.append(f"| {f['feature']} | {f['vendor']} | {f['count'] or 'uncounted'} | "
                     f"{exp or 'permanent'} | {outs.get(f['feature'], 0)} | "
                     f"{denials.get(f['feature'], 0)} | {note} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--licenses", type=Path, default=Path("licenses"))
    ap.add_argument("--logs", type=Path, default=Path("logs"))
    ap.add_argument("--status-url", default="https://status.example-cae-vendor.com/")
    ap.add_argument("--warn-days", type=int, default=45)
    ap.add_argument("--out", type=Path, default=Path("license_report.md"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    features = parse_licenses(args.licenses)
    if not features:
        LOG.error("no FEATURE/INCREMENT lines found under %s", args.licenses)
        return 2
    outs, denials = parse_usage(args.logs)
    report = render(features, outs, denials, read_host_facts(),
                    vendor_status(args.status_url), args.warn_days)
    args.out.write_text(report)
    LOG.info("wrote %s (%d features)", args.out, len(features))
    return 0


if __name__ == "__main__":
    sys.exit(main())
