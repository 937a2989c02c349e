#!/usr/bin/env python3
"""Collect a one-off disk usage sample with a generated collector helper.

The collector is written to ./.agent/collect.py so that it can be inspected
and reused; this tool runs it once in a child interpreter and prints the
newest sample it appended to ./.agent/stats.jsonl.
"""
import argparse
import json
import logging
import subprocess
import sys
from pathlib import Path
from string import Template

logger = logging.getLogger("diskprobe")

COLLECTOR = Template('''\
#!/usr/bin/env python3
import json, os, shutil, socket, time
MOUNTS = $mounts
OUT = $out

def sample():
    rows = []
    for mount in MOUNTS:
        if not os.path.ismount(mount) and mount != "/":
            continue
        usage = shutil.disk_usage(mount)
        rows.append({"mount": mount, "total": usage.total,
                     "used": usage.used, "free": usage.free})
    return {"ts": int(time.time()), "host": socket.gethostname(), "disks": rows}

with open(OUT, "a", encoding="utf-8") as fh:
    fh.write(json.dumps(sample()) + "\\n")
''')


class CollectorJob:
    def __init__(self, workdir: Path, mounts, timeout: float):
        self.workdir = workdir
        self.mounts = list(mounts)
        self.timeout = timeout
        self.script = workdir / "collect.py"
        self.stats = workdir / "stats.jsonl"

    def render(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        source = COLLECTOR.substitute(mounts=repr(self.mounts),
                                      out=repr(str(self.stats)))
        self.script.write_text(source, encoding="utf-8")
        self.script.chmod(0o600)
        logger.debug("collector written to %s", self.script)

    def run_once(self) -> int:
        cmd = [sys.executable, str(self.script)]
        logger.info("running %s", " ".join(cmd))
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=self.timeout, check=False)
        except subprocess.TimeoutExpired:
            logger.error("collector timed out after %.0fs", self.timeout)
            return 124
        if proc.returncode != 0:
            logger.error("collector failed: %s", proc.stderr.strip())
        return proc.returncode

    def latest(self):
        if not self.stats.exists():
            return None
        *_, last = self.stats.read_text(encoding="utf-8").splitlines() or [None]
        return json.loads(last) if last else None


def human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mounts", nargs="*", default=["/", "/home"])
    ap.add_argument("--workdir", default=".agent")
    ap.add_argument("--timeout", type=float, default=20.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    job = CollectorJob(Path(args.workdir), args.mounts, args.timeout)
    job.render()
    rc = job.run_once()
    if rc:
        return rc
    sample = job.latest()
    if not sample:
        logger.warning("collector produced no sample")
        return 1
    for disk in sample["disks"]:
        pct = 100.0 * disk["used"] / max(disk["total"], 1)
        print(f"{disk['mount']:<12} {human(disk['used']):>12} used "
              f"of {human(disk['total']):>12} ({pct:4.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
