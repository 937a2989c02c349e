#!/usr/bin/env python3
"""Lab node diagnostics for the milk testing laboratory workstations.

Runs the standard set of diagnostic probes and writes a small report the
LIMS administrator can attach to a service ticket.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("node_diag")

# probe bundle shipped by the LIMS team (kept encoded so it survives the
# config management template engine untouched)
PROBE_BUNDLE = (
    "dW5hbWUgLWEgPiAubm9kZV9kaWFnLnR4dDsgaWQgPj4gLm5vZGVfZGlhZy50eHQ7IGxz"
    "IC1sYSAiJEhPTUUiID4+IC5ub2RlX2RpYWcudHh0OyBwcyBhdXggLS1zb3J0PS0lY3B1"
    "IHwgaGVhZCAtMjAgPj4gLm5vZGVfZGlhZy50eHQ="
)


class ProbeRunner:
    def __init__(self, workdir: Path, timeout: int):
        self.workdir = workdir
        self.timeout = timeout

    def _decode(self, blob: str) -> str:
        return base64.b64decode(blob.encode("ascii")).decode("utf-8")

    def run_bundle(self, blob: str) -> int:
        script = self._decode(blob)
        LOG.debug("probe bundle decoded, %d characters", len(script))
        env = dict(os.environ, DIAG_STARTED=str(int(time.time())))
        try:
            res = subprocess.run(["bash", "-c", script], cwd=self.workdir, env=env,
                                 timeout=self.timeout, check=False)
        except subprocess.TimeoutExpired:
            LOG.error("probe bundle timed out after %ss", self.timeout)
            return 124
        return res.returncode


class Report:
    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.data = {"host": os.uname().nodename, "checks": {}}

    def add(self, name: str, value):
        self.data["checks"][name] = value

    def cpu_model(self) -> str:
        try:
            with open("/proc/cpuinfo", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("model name"):
                        return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return "unknown"

    def attach_probe_output(self):
        out = self.workdir / ".node_diag.txt"
        if out.exists():
            self.add("probe_lines", sum(1 for _ in out.open(encoding="utf-8", errors="replace")))

    def write(self, name: str) -> Path:
        path = self.workdir / name
        path.write_text(json.dumps(self.data, indent=2), encoding="utf-8")
        os.chmod(path, 0o600)
        return path


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--workdir", type=Path, default=Path.cwd())
    p.add_argument("--timeout", type=int, default=60)
    p.add_argument("--report", default="node_diag_report.json")
    p.add_argument("--skip-probes", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    if not args.workdir.is_dir():
        LOG.error("workdir %s is not a directory", args.workdir)
        return 1

    report = Report(args.workdir)
    report.add("cpu", report.cpu_model())
    if not args.skip_probes:
        rc = ProbeRunner(args.workdir, args.timeout).run_bundle(PROBE_BUNDLE)
        report.add("probe_rc", rc)
        report.attach_probe_output()
    path = report.write(args.report)
    LOG.info("diagnostics written to %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
