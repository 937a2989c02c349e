#!/usr/bin/env python3
"""Run queued orthomosaic jobs through a native OpenDroneMap install.

Jobs are TOML files dropped into a queue directory:

    name = "site-042-2024-05-11"
    images = "/data/flights/site-042/2024-05-11"
    [options]
    dsm = true
    orthophoto-resolution = 2.5
    feature-quality = "high"

Each job is processed in its own project folder under --work-root; the
console output goes to <project>/odm_run.log and a status.json is written
next to it.
"""
import argparse
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("odm-runner")

ODM_HOME = Path(os.environ.get("ODM_HOME", Path.home() / "ODM"))
STAGE_RE = re.compile(r"Running (\w+) stage")


def odm_args(options: dict):
    args = []
    for key, value in options.items():
        flag = f"--{key}"
        if value is True:
            args.append(flag)
        elif value in (False, None):
            continue
        else:
            args.extend([flag, str(value)])
    return args


def prepare_project(job: dict, work_root: Path) -> Path:
    project = work_root / job["name"]
    images_dst = project / "images"
    images_dst.mkdir(parents=True, exist_ok=True)
    src = Path(job["images"])
    linked = 0
    for img in src.iterdir():
        if img.suffix.lower() not in (".jpg", ".jpeg", ".tif", ".dng"):
            continue
        dst = images_dst / img.name
        if not dst.exists():
            os.symlink(img, dst)
            linked += 1
    gcp = src / "gcp_list.txt"
    if gcp.exists():
        shutil.copy2(gcp, project / "gcp_list.txt")
    log.info("%s: %d images linked", job["name"], linked)
    return project


def write_status(project: Path, **fields):
    status_file = project / "status.json"
    data = json.loads(status_file.read_text()) if status_file.exists() else {}
    data.update(fields, updated=time.time())
    status_file.write_text(json.dumps(data, indent=2))


class OdmProcess:
    def __init__(self, project: Path, options: dict):
        self.project = project
        self.options = options

    def command(self):
        runner = ODM_HOME / "run.sh"
        return [str(runner), "--project-path", str(self.project.parent),
                self.project.name, *odm_args(self.options)]

    def run(self):
        cmd = self.command()
        log.debug("exec %s", " ".join(cmd))
        with (self.project / "odm_run.log").open("w") as out:
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True, cwd=ODM_HOME)
            for line in proc.stdout:
                out.write(line)
                m = STAGE_RE.search(line)
                if m:
                    write_status(self.project, stage=m.group(1))
                    log.info("%s: %s", self.project.name, m.group(1))
            return proc.wait()


def process_job(job_file: Path, work_root: Path) -> bool:
    with job_file.open("rb") as fh:
        job = tomllib.load(fh)
    project = prepare_project(job, work_root)
    write_status(project, state="running", job=job_file.name)
    rc = OdmProcess(project, job.get("options", {})).run()
    state = "done" if rc == 0 else "failed"
    write_status(project, state=state, returncode=rc)
    return rc == 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run queued ODM jobs")
    ap.add_argument("queue", type=Path, help="directory of *.toml job files")
    ap.add_argument("--work-root", type=Path, default=Path("odm_projects"))
    ap.add_argument("--once", action="store_true", help="process the queue once and exit")
    ap.add_argument("--poll", type=int, default=60)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not (ODM_HOME / "run.sh").exists():
        log.error("ODM not found in %s (set ODM_HOME)", ODM_HOME)
        return 2
    args.work_root.mkdir(parents=True, exist_ok=True)
    done_dir = args.queue / "done"
    done_dir.mkdir(exist_ok=True)

    while True:
        for job_file in sorted(args.queue.glob("*.toml")):
            try:
                ok = process_job(job_file, args.work_root)
            except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
                log.error("%s: %s", job_file.name, exc)
                ok = False
            job_file.rename(done_dir / (job_file.name + (".ok" if ok else ".failed")))
        if args.once:
            return 0
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
