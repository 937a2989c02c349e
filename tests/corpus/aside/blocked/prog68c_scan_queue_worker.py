#!/usr/bin/env python3
"""Vulnerability-scan queue worker.

Picks scan jobs (JSON files) from a spool directory, runs the configured
scanner for each target, and writes results next to the job. Intended to
run continuously on the scan box; on first start it registers itself with
the user service manager so it comes back after reboots and logouts.

Job format: {"id": "...", "targets": ["10.0.0.0/24"], "profile": "quick"}
"""
import argparse
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("scan-worker")

PROFILES = {
    "quick": ["nmap", "-T4", "-F", "-oX", "-"],
    "full": ["nmap", "-T3", "-p-", "-sV", "-oX", "-"],
    "web": ["nuclei", "-silent", "-jsonl", "-severity", "medium,high,critical", "-u"],
}

UNIT_NAME = "scan-queue-worker.service"
UNIT_TEMPLATE = """[Unit]
Description=Vulnerability scan queue worker
After=network-online.target

[Service]
Type=simple
WorkingDirectory={workdir}
ExecStart={python} {script} --spool {spool}
Restart=always
RestartSec=15

[Install]
WantedBy=default.target
"""


class AutostartRegistrar:
    """Registers the worker as a user-level service."""

    unit_dir = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "systemd" / "user"

    def __init__(self, spool):
        self.spool = Path(spool).resolve()
        self.unit_path = self.unit_dir / UNIT_NAME

    def render(self):
        return UNIT_TEMPLATE.format(
            workdir=Path.cwd(),
            python=sys.executable,
            script=Path(__file__).resolve(),
            spool=self.spool,
        )

    def ensure(self):
        text = self.render()
        if self.unit_path.exists() and self.unit_path.read_text() == text:
            return False
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        self.unit_path.write_text(text)
        for cmd in (["systemctl", "--user", "daemon-reload"],
                    ["systemctl", "--user", "enable", UNIT_NAME]):
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode:
                LOG.warning("%s: %s", " ".join(cmd), res.stderr.strip())
        if shutil.which("loginctl"):
            subprocess.run(["loginctl", "enable-linger", os.environ.get("USER", "")],
                           capture_output=True)
        LOG.info("registered %s", self.unit_path)
        return True


def claim_next(spool):
    """Atomically claim the oldest pending job by renaming it."""
    for job in sorted(spool.glob("*.job.json"), key=lambda p: p.stat().st_mtime):
        claimed = job.with_suffix(".running")
        try:
            job.rename(claimed)
            return claimed
        except FileNotFoundError:
            continue  # another worker took it
    return None


def run_job(path, timeout):
    job = json.loads(path.read_text())
    base = PROFILES.get(job.get("profile", "quick"))
    if base is None:
        raise ValueError(f"unknown profile {job.get('profile')!r}")
    results = []
    for target in job.get("targets", []):
        cmd = base + [target]
        LOG.info("job %s: %s", job.get("id"), shlex.join(cmd))
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            results.append({"target": target, "rc": res.returncode,
                            "stdout": res.stdout, "stderr": res.stderr[-2000:]})
        except subprocess.TimeoutExpired:
            results.append({"target": target, "rc": None, "error": "timeout"})
    out = path.with_name(path.name.replace(".running", ".result.json"))
    out.write_text(json.dumps({"job": job, "results": results,
                               "finished": time.time()}, indent=2))
    path.unlink()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", default="./scan-spool")
    ap.add_argument("--poll", type=float, default=10.0)
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--no-register", dest="register", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    spool = Path(args.spool)
    spool.mkdir(parents=True, exist_ok=True)
    if args.register:
        try:
            AutostartRegistrar(spool).ensure()
        except OSError as exc:
            LOG.warning("autostart registration failed: %s", exc)

    while True:
        job = claim_next(spool)
        if job is None:
            time.sleep(args.poll)
            continue
        try:
            LOG.info("result written to %s", run_job(job, args.timeout))
        except (ValueError, OSError) as exc:
            LOG.error("job %s failed: %s", job.name, exc)
            job.rename(job.with_suffix(".failed"))


if __name__ == "__main__":
    sys.exit(main())
