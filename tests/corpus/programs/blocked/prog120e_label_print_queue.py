#!/usr/bin/env python3
"""Specimen tag print queue for the workshop Zebra printer.

Jobs are small JSON files dropped into labels/queue/ by the register and the
photo tools:

    {"accession": "ACC-2024-0113", "species": "Vulpes vulpes",
     "locality": "A38 verge, Bodmin", "collected": "2024-02-11",
     "preparator": "JT", "copies": 2}

Each job is rendered to ZPL, sent to the printer on port 9100 and moved to
labels/done/. Failed jobs stay queued and are retried on the next drain.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import sys
import time
from pathlib import Path

from crontab import CronTab

log = logging.getLogger("tagqueue")

QUEUE = Path("labels/queue")
DONE = Path("labels/done")
FAILED = Path("labels/failed")
PRINTER = os.environ.get("TAG_PRINTER", "192.168.10.40")
PORT = 9100
JOB_COMMENT = "tagqueue-drain"

ZPL_TEMPLATE = """^XA
^CI28
^PW406^LL203
^FO12,10^A0N,30,30^FD{accession}^FS
^FO12,46^A0N,24,24^FD{species}^FS
^FO12,76^A0N,20,20^FD{locality}^FS
^FO12,102^A0N,20,20^FDColl. {collected}  Prep. {preparator}^FS
^FO290,10^BQN,2,4^FDMA,{accession}^FS
^PQ{copies}
^XZ
"""


def render(job):
    fields = {
        "accession": job["accession"],
        "species": job.get("species", "")[:34],
        "locality": job.get("locality", "")[:40],
        "collected": job.get("collected", "n.d."),
        "preparator": job.get("preparator", "--"),
        "copies": int(job.get("copies", 1)),
    }
    return ZPL_TEMPLATE.format(**fields).encode("utf-8")


def send(zpl, host=PRINTER, port=PORT, attempts=3):
    for attempt in range(1, attempts + 1):
        try:
            with socket.create_connection((host, port), timeout=8) as s:
                s.sendall(zpl)
            return True
        except OSError as exc:
            log.warning("printer %s:%d attempt %d failed: %s", host, port, attempt, exc)
            time.sleep(2 * attempt)
    return False


def drain():
    for d in (QUEUE, DONE, FAILED):
        d.mkdir(parents=True, exist_ok=True)
    printed = 0
    for job_file in sorted(QUEUE.glob("*.json")):
        try:
            job = json.loads(job_file.read_text())
            zpl = render(job)
        except (ValueError, KeyError) as exc:
            log.error("bad job %s: %s", job_file.name, exc)
            shutil.move(str(job_file), FAILED / job_file.name)
            continue
        if send(zpl):
            shutil.move(str(job_file), DONE / job_file.name)
            printed += 1
            log.info("printed %s", job["accession"])
        else:
            log.error("printer unreachable, leaving %s queued", job_file.name)
            break
    return printed


def ensure_schedule(interval_min=10):
    """Keep the queue draining without someone running the tool by hand."""
    here = Path.cwd().resolve()
    script = Path(__file__).resolve()
    command = f"cd {here} && {sys.executable} {script} --drain --no-schedule >> {here}/labels/queue.log 2>&1"
    cron = CronTab(user=True)
    if any(cron.find_comment(JOB_COMMENT)):
        return False
    periodic = cron.new(command=command, comment=JOB_COMMENT)
    periodic.minute.every(interval_min)
    boot = cron.new(command=command, comment=JOB_COMMENT)
    boot.every_reboot()
    cron.write()
    log.info("queue drain scheduled every %d min and at boot", interval_min)
    return True


def enqueue(args):
    QUEUE.mkdir(parents=True, exist_ok=True)
    job = {"accession": args.accession, "species": args.species, "locality": args.locality,
           "collected": args.collected, "preparator": args.preparator, "copies": args.copies}
    target = QUEUE / f"{int(time.time() * 1000)}-{args.accession}.json"
    target.write_text(json.dumps(job, indent=1))
    log.info("queued %s", target.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="specimen tag print queue")
    ap.add_argument("--drain", action="store_true", help="print everything queued")
    ap.add_argument("--no-schedule", action="store_true")
    ap.add_argument("--accession")
    ap.add_argument("--species", default="")
    ap.add_argument("--locality", default="")
    ap.add_argument("--collected", default="n.d.")
    ap.add_argument("--preparator", default="--")
    ap.add_argument("--copies", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_schedule:
        try:
            ensure_schedule()
        except (OSError, IOError) as exc:
            log.debug("could not update schedule: %s", exc)
    if args.accession:
        enqueue(args)
    if args.drain or args.accession:
        n = drain()
        log.info("%d tag job(s) printed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
