#!/usr/bin/env python3
"""Run the LIMS result importer for every new lab export in the inbox.

Lab exports (ETS / in-house FOSS WineScan CSVs) land in inbox/<lab>/.
Each one is handed to the vendor's `lims-import` command-line tool, which
is installed in the QC virtualenv. The importer's exit code and log tail
are recorded in jobs.jsonl and the export is moved to processed/ or
rejected/.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, asdict
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("lims_jobs")


@dataclass
class ImportJob:
    lab: str
    file: str
    started: str = ""
    exit_code: int | None = None
    log_tail: str = ""


def discover(inbox: Path):
    for lab_dir in sorted(p for p in inbox.iterdir() if p.is_dir()):
        for f in sorted(lab_dir.glob("*.csv")):
            if f.stat().st_size:
                yield ImportJob(lab=lab_dir.name, file=str(f.resolve()))


def find_importer(explicit: str | None) -> str:
    candidates = [explicit, os.environ.get("LIMS_IMPORT_BIN"), shutil.which("lims-import")]
    for c in candidates:
        if c and Path(c).exists():
            return c
    raise FileNotFoundError("lims-import not found; set LIMS_IMPORT_BIN or --importer")


def run_import(job: ImportJob, importer: str, db_url: str, timeout: int) -> None:
    cmd = [importer, "import", "--lab", job.lab, "--file", job.file]
    env = dict(os.environ, LIMS_DB=db_url)
    job.started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    job.exit_code = proc.returncode
    combined = (proc.stdout or "") + (proc.stderr or "")
    job.log_tail = "\n".join(combined.splitlines()[-20:])


def record(job: ImportJob, journal: Path, root: Path) -> None:
    with journal.open("a") as fh:
        fh.write(json.dumps(asdict(job)) + "\n")
    dest = root / ("processed" if job.exit_code == 0 else "rejected") / job.lab
    dest.mkdir(parents=True, exist_ok=True)
    Path(job.file).rename(dest / Path(job.file).name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Import new lab exports with lims-import")
    ap.add_argument("--root", type=Path, default=Path("."))
    ap.add_argument("--importer", help="path to the lims-import executable")
    ap.add_argument("--db", default="postgresql://lims@qc-db.winery.lan/lims")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--watch", type=int, default=0, help="rescan every N seconds")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    inbox = args.root / "inbox"
    journal = args.root / "jobs.jsonl"
    if not inbox.is_dir():
        log.error("no inbox at %s", inbox)
        return 1
    try:
        importer = find_importer(args.importer)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    while True:
        for job in discover(inbox):
            try:
                run_import(job, importer, args.db, args.timeout)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.error("%s: importer failed to run: %s", job.file, exc)
                job.exit_code = -1
                job.log_tail = str(exc)
            log.info("%s/%s exit=%s", job.lab, Path(job.file).name, job.exit_code)
            record(job, journal, args.root)
        if not args.watch:
            break
        time.sleep(args.watch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
