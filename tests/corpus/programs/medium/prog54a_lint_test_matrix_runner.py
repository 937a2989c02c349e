#!/usr/bin/env python3
"""run_matrix.py - tiny tox replacement used by `make check`.

Reads [matrix:*] sections from matrix.ini and runs each configured
command (linters, type checks, pytest) through the shell, collecting
exit codes and timings into a summary table.
"""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
import time

log = logging.getLogger("run_matrix")

DEFAULT_INI = "matrix.ini"


class Stage:
    def __init__(self, name, commands, env, allow_fail):
        self.name = name
        self.commands = commands
        self.env = env
        self.allow_fail = allow_fail
        self.returncode = None
        self.seconds = 0.0

    @classmethod
    def from_section(cls, name, section):
        commands = [c.strip() for c in section.get("commands", "").splitlines() if c.strip()]
        env = dict(item.split("=", 1) for item in section.get("setenv", "").split() if "=" in item)
        allow_fail = section.getboolean("allow_fail", fallback=False)
        return cls(name, commands, env, allow_fail)

    def run(self, posargs):
        env = dict(os.environ, **self.env)
        start = time.monotonic()
        for template in self.commands:
            command = template.replace("{posargs}", " ".join(shlex.quote(a) for a in posargs))
            log.info("[%s] %s", self.name, command)
            proc = subprocess.run(command, shell=True, env=env)
            self.returncode = proc.returncode
            if proc.returncode != 0:
                break
        self.seconds = time.monotonic() - start
        return self.returncode == 0 or self.allow_fail


def load_stages(path, selected):
    parser = configparser.ConfigParser(interpolation=None)
    if not parser.read(path):
        raise SystemExit(f"cannot read {path}")
    stages = []
    for section in parser.sections():
        if not section.startswith("matrix:"):
            continue
        name = section.split(":", 1)[1]
        if selected and name not in selected:
            continue
        stages.append(Stage.from_section(name, parser[section]))
    return stages


def print_summary(stages):
    width = max((len(s.name) for s in stages), default=4)
    print("\n" + "stage".ljust(width) + "  rc   seconds")
    for s in stages:
        rc = "-" if s.returncode is None else str(s.returncode)
        flag = " (allowed)" if s.allow_fail and s.returncode else ""
        print(f"{s.name.ljust(width)}  {rc:<4} {s.seconds:7.1f}{flag}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=DEFAULT_INI)
    ap.add_argument("-e", "--stage", action="append", default=[], help="run only this stage")
    ap.add_argument("-x", "--fail-fast", action="store_true")
    ap.add_argument("posargs", nargs="*", help="passed to {posargs}")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    stages = load_stages(args.config, set(args.stage))
    ok = True
    for stage in stages:
        if not stage.run(args.posargs):
            ok = False
            if args.fail_fast:
                break
    print_summary(stages)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
