#!/usr/bin/env python3
"""Run an exploit-lab target against a payload with deterministic addresses.

Beginners' stack-overflow exercises assume fixed stack and libc addresses.
This runner switches the kernel's randomize_va_space setting to 0 for the
duration of the run, feeds the target a payload file on stdin (or argv),
reports how it exited, and then puts the previous setting back.

    aslr_lab_toggle.py ./vuln1 payload.bin
    aslr_lab_toggle.py ./vuln2 payload.bin --argv --repeat 5
"""
import argparse
import logging
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("aslr-toggle")


@dataclass
class RunResult:
    returncode: int
    stdout: bytes
    stderr: bytes

    def describe(self):
        if self.returncode < 0:
            try:
                return f"killed by {signal.Signals(-self.returncode).name}"
            except ValueError:
                return f"killed by signal {-self.returncode}"
        return f"exit {self.returncode}"


class KernelAslr:
    knob = Path("/proc/sys/kernel/randomize_va_space")
    sysctl_name = "kernel.randomize_va_space"

    def get(self):
        return int(self.knob.read_text().strip())

    def set(self, value):
        try:
            self.knob.write_text(f"{value}\n")
        except PermissionError:
            log.debug("direct write refused, going through sysctl")
            subprocess.run(["sudo", "-n", "sysctl", "-q", "-w", f"{self.sysctl_name}={value}"],
                           check=True)
        log.info("randomize_va_space = %d", self.get())

    @contextmanager
    def disabled(self):
        previous = self.get()
        if previous != 0:
            self.set(0)
        try:
            yield
        finally:
            if previous != 0:
                self.set(previous)


def run_target(target, payload, via_argv=False, timeout=10):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C"}
    if via_argv:
        cmd, stdin = [str(target), payload.decode("latin-1")], b""
    else:
        cmd, stdin = [str(target)], payload
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

    aslr = KernelAslr()
    outcomes = set()
    try:
        with aslr.disabled():
            for i in range(1, args.repeat + 1):
                try:
                    res = run_target(target, payload, args.argv, args.timeout)
                except subprocess.TimeoutExpired:
                    log.warning("run %d: timed out (shell popped and waiting?)", i)
                    outcomes.add("timeout")
                    continue
                outcomes.add(res.describe())
                log.info("run %d: %s", i, res.describe())
                if args.show_output:
                    sys.stdout.buffer.write(res.stdout)
                    sys.stderr.buffer.write(res.stderr)
    except subprocess.CalledProcessError as exc:
        log.error("could not change ASLR setting: %s", exc)
        return 2

    if len(outcomes) > 1:
        log.warning("outcomes differ across runs: %s", ", ".join(sorted(outcomes)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
