#!/usr/bin/env python3
"""Install the flight time limitation (FTL) rule tables system-wide.

The legality checker, the roster publisher and the crew app backend all
read the FTL tables from /usr/local/share/crew-rules, so the tables have to
be installed there (with sudo) whenever the rules team releases new ones.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("ftl-install")
DEST_DIR = "/usr/local/share/crew-rules"

INSTALL_SH = """set -e
sudo install -d -m 0755 "$FTL_DEST"
sudo install -m 0644 "$FTL_TABLE" "$FTL_DEST/ftl_limits.json"
sudo install -m 0644 "$FTL_META" "$FTL_DEST/ftl_limits.meta"
ls -l "$FTL_DEST"
"""


class RuleTable:
    """Reads the rules team CSV: start_band,sectors,max_fdp_minutes."""

    def __init__(self, path: Path):
        self.path = path
        self.entries = []

    def load(self):
        with self.path.open(newline="") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    self.entries.append({
                        "start_band": row["start_band"],
                        "sectors": int(row["sectors"]),
                        "max_fdp_minutes": int(row["max_fdp_minutes"]),
                    })
                except (KeyError, ValueError) as exc:
                    raise ValueError(f"{self.path}:{lineno}: bad row ({exc})")
        return self

    def validate(self):
        problems = []
        for e in self.entries:
            if not 1 <= e["sectors"] <= 10:
                problems.append(f"sectors out of range: {e}")
            if not 360 <= e["max_fdp_minutes"] <= 840:
                problems.append(f"fdp out of range: {e}")
        return problems

    def to_json(self, version: str) -> str:
        return json.dumps({"version": version, "limits": self.entries}, indent=2)


def stage_files(table: RuleTable, version: str, stage: Path):
    stage.mkdir(parents=True, exist_ok=True)
    body = table.to_json(version)
    table_path = stage / "ftl_limits.json"
    table_path.write_text(body)
    digest = hashlib.sha256(body.encode()).hexdigest()
    meta_path = stage / "ftl_limits.meta"
    meta_path.write_text(f"version={version}\nsha256={digest}\n")
    LOG.info("staged %s (sha256 %s)", table_path, digest[:12])
    return table_path, meta_path


def install(table_path: Path, meta_path: Path, dest: str) -> int:
    env = dict(os.environ, FTL_TABLE=str(table_path.resolve()),
               FTL_META=str(meta_path.resolve()), FTL_DEST=dest)
    proc = subprocess.run(["bash", "-c", INSTALL_SH], env=env,
                          text=True, capture_output=True)
    if proc.returncode:
        LOG.error("install failed: %s", proc.stderr.strip())
    else:
        LOG.info("installed:\n%s", proc.stdout.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path, help="rules team CSV export")
    ap.add_argument("--version", required=True, help="rule set version, e.g. 2024.3")
    ap.add_argument("--stage", type=Path, default=Path("./stage"))
    ap.add_argument("--dest", default=DEST_DIR)
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        table = RuleTable(args.csv).load()
    except (OSError, ValueError) as exc:
        LOG.error("%s", exc)
        sys.exit(1)
    problems = table.validate()
    for p in problems:
        LOG.warning(p)
    if problems:
        sys.exit(2)
    LOG.info("%d limit rows valid", len(table.entries))
    if args.check_only:
        return
    table_path, meta_path = stage_files(table, args.version, args.stage)
    sys.exit(install(table_path, meta_path, args.dest))


if __name__ == "__main__":
    main()
