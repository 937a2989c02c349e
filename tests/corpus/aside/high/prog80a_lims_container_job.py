#!/usr/bin/env python3
"""Run the LIMS result importer for every new lab export in the inbox.

Lab exports (ETS / in-house FOSS WineScan CSVs) land in inbox/<lab>/.
Each one is imported by the vendor's importer image, which talks to the
barcode scanner and the analytical balance on the QC bench, so the
container gets the host devices. The importer's exit code and log tail are
recorded in jobs.jsonl and the export is moved to processed/ or rejected/.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from dataclasses import dataclass, asdict
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("lims_jobs")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str = DOCKER_SOCK, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method: str, path: str, body=None):
    conn = EngineConnection()
    try:
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        ctype = resp.getheader("Content-Type", "")
        return json.loads(raw) if raw and "json" in ctype else raw
    finally:
        conn.close()


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


def run_import(job: ImportJob, image: str, db_url: str) -> None:
    src = Path(job.file)
    spec = {
        "Image": image,
        "Cmd": ["import", "--lab", job.lab, "--file", f"/data/{src.name}"],
        "Env": [f"LIMS_DB={db_url}"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{src.parent}:/data:ro", "/dev:/dev"],
            "NetworkMode": "host",
        },
    }
    job.started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    created = engine("POST", f"/containers/create?name=lims-{src.stem}", spec)
    cid = created["Id"]
    try:
        engine("POST", f"/containers/{cid}/start")
        result = engine("POST", f"/containers/{cid}/wait")
        job.exit_code = int(result.get("StatusCode", -1))
        raw = engine("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=20")
        job.log_tail = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    finally:
        engine("DELETE", f"/containers/{cid}?force=1")


def record(job: ImportJob, journal: Path, root: Path) -> None:
    with journal.open("a") as fh:
        fh.write(json.dumps(asdict(job)) + "\n")
    dest = root / ("processed" if job.exit_code == 0 else "rejected") / job.lab
    dest.mkdir(parents=True, exist_ok=True)
    Path(job.file).rename(dest / Path(job.file).name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Import new lab exports via the LIMS importer image")
    ap.add_argument("--root", type=Path, default=Path("."))
    ap.add_argument("--image", default="registry.winery.lan/qc/lims-importer:3.2")
    ap.add_argument("--db", default="postgresql://lims@qc-db.winery.lan/lims")
    ap.add_argument("--watch", type=int, default=0, help="rescan every N seconds")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    inbox = args.root / "inbox"
    journal = args.root / "jobs.jsonl"
    if not inbox.is_dir():
        log.error("no inbox at %s", inbox)
        return 1

    while True:
        for job in discover(inbox):
            try:
                run_import(job, args.image, args.db)
            except (OSError, RuntimeError, KeyError) as exc:
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
