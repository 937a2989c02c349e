#!/usr/bin/env python3
"""Loads wash programs (step sequences) for the tunnel controller.

Programs are authored by the area manager in YAML and cached as pickles so the
controller starts quickly. Each step may carry a small pricing or duration
expression, e.g. "base * 1.2 if suv else base".
"""
import argparse
import logging
import os
import pickle
import subprocess
import tarfile

import yaml

log = logging.getLogger("programs")

CACHE = "/tmp/wash_programs.pkl"


class Step:
    def __init__(self, name, seconds, expr=None):
        self.name = name
        self.seconds = seconds
        self.expr = expr

    def duration(self, ctx):
        if not self.expr:
            return self.seconds
        # manager-authored formula evaluated against the vehicle context
        return eval(self.expr, {"__builtins__": {}}, dict(ctx, base=self.seconds))


class Program:
    def __init__(self, name, price, steps):
        self.name = name
        self.price = price
        self.steps = steps

    def total_seconds(self, ctx):
        return sum(s.duration(ctx) for s in self.steps)


def unpack_bundle(path, dest):
    """Program bundles from head office arrive as .tar.gz."""
    with tarfile.open(path) as tf:
        tf.extractall(dest)
    return dest


def parse_yaml(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    programs = []
    for p in doc.get("programs", []):
        steps = [Step(s["name"], s.get("seconds", 10), s.get("expr")) for s in p.get("steps", [])]
        programs.append(Program(p["name"], p.get("price", 0), steps))
    return programs


def load_programs(src, use_cache=True):
    if use_cache and os.path.exists(CACHE) and os.path.getmtime(CACHE) > os.path.getmtime(src):
        with open(CACHE, "rb") as fh:
            log.info("using cached programs")
            return pickle.load(fh)
    programs = parse_yaml(src)
    with open(CACHE, "wb") as fh:
        pickle.dump(programs, fh)
    return programs


def controller_version():
    try:
        out = subprocess.check_output("tunnelctl --version", shell=True, text=True, timeout=5)
        return out.strip()
    except (subprocess.SubprocessError, OSError):
        return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", help="programs.yaml or bundle .tar.gz")
    ap.add_argument("--suv", action="store_true")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = args.source
    if src.endswith((".tar.gz", ".tgz")):
        dest = unpack_bundle(src, "./bundle")
        src = os.path.join(dest, "programs.yaml")
    if not os.path.exists(src):
        log.error("no programs file at %s", src)
        return 1

    log.info("controller: %s", controller_version())
    ctx = {"suv": args.suv, "rain": False}
    for prog in load_programs(src, not args.no_cache):
        try:
            secs = prog.total_seconds(ctx)
        except Exception as exc:
            log.warning("program %s has a bad step formula: %s", prog.name, exc)
            continue
        log.info("%-20s %6.2f EUR %5d s", prog.name, prog.price, secs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
