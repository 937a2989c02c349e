#!/usr/bin/env python3
"""Run an exploit-lab target against a payload with deterministic addresses.

Beginners' stack-overflow exercises assume fixed stack and libc addresses.
This runner starts the target under a personality with address-space
randomisation turned off for that process only, feeds it a payload file on
stdin (or argv), and reports how it exited, so students can iterate on
offsets without touching machine-wide settings.

    aslr_lab_runner.py ./vuln1 payload.bin
    aslr_lab_runner.py ./vuln2 payload.bin --argv --repeat 5
"""
import argparse
import logging
import os
import platform
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("aslr-runner")


@dataclass
class RunResult:
    returncode: int
    stdout: bytes
    stderr: bytes

    @property
    def crashed(self):
        return self.returncode < 0

    def describe(self):
        if self.crashed:
            try:
                return f"killed by {signal.Signals(-self.returncode).name}"
            except ValueError:
                return f"killed by signal {-self.returncode}"
        return f"exit {self.returncode}"


class NoAslrLauncher:
    """Builds the command line that runs a target with randomisation disabled."""

    def __init__(self, arch=None):
        self.arch = arch or platform.machine()
        self.setarch = shutil.which("setarch")
        if self.setarch is None:
            raise RuntimeError("setarch not found (util-linux)")

    def argv(self, target, extra):
        return [self.setarch, self.arch, "--addr-no-randomize", str(target), *extra]

    def run(self, target, payload, via_argv=False, timeout=10):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C"}
        if via_argv:
            cmd = self.argv(target, [payload.decode("latin-1")])
            stdin = b""
        else:
            cmd = self.argv(target, [])
            stdin = payload
        log.debug("exec %s", cmd[:4])
        proc = subprocess.run(cmd, input=stdin, capture_output=True,
                              timeout=timeout, env=env, cwd=Path(target).parent)
        return RunResult(proc.returncode, proc.stdout, proc.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", type=Path)
    ap.add_argument("payload", type=Path)
    ap.add_argument("--argv", action="store_true", help="pass payload as argv[1]")
    ap.add_argument("--repeat", type=int, default=1, help="runs, to confirm determinism")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--show-output", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    target = args.target.resolve()
    if not (target.is_file() and os.access(target, os.X_OK)):
        log.error("%s is not an executable file", target)
        return 2
    payload = args.payload.read_bytes()
    log.info("payload %d bytes", len(payload))

    try:
        launcher = NoAslrLauncher()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2

    outcomes = set()
    for i in range(1, args.repeat + 1):
        try:
            res = launcher.run(target, payload, via_argv=args.argv, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            log.warning("run %d: timed out (shell popped and waiting for input?)", i)
            outcomes.add("timeout")
            continue
        outcomes.add(res.describe())
        log.info("run %d: %s", i, res.describe())
        if args.show_output:
            sys.stdout.buffer.write(res.stdout)
            sys.stderr.buffer.write(res.stderr)

    if len(outcomes) > 1:
        log.warning("outcomes differ across runs: %s", ", ".join(sorted(outcomes)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
