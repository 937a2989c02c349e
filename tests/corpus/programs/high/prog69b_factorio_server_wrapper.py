#!/usr/bin/env python3
"""factorio_server_wrapper - supervise a Factorio headless server.

Reads factorio-wrapper.json, makes sure the game port is reachable, starts
the server, mirrors its console into a rotating log and restarts it if it
crashes. SIGTERM/SIGINT are forwarded so the map is saved on shutdown.
"""
import argparse
import json
import logging
import logging.handlers
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

DEFAULTS = {
    "factorio_dir": "~/factorio",
    "save": "saves/world.zip",
    "port": 34197,
    "rcon_port": 27015,
    "rcon_password_env": "FACTORIO_RCON_PASSWORD",
    "max_restarts": 5,
    "manage_firewall": True,
}

log = logging.getLogger("factorio-wrapper")


class PortOpener:
    """Adds an ACCEPT rule for the game port if one is missing."""

    chain = "INPUT"

    def __init__(self, port, proto="udp"):
        self.rule = [self.chain, "-p", proto, "--dport", str(port), "-j", "ACCEPT"]

    def _ipt(self, action):
        tool = shutil.which("iptables") or "/usr/sbin/iptables"
        return subprocess.run(["sudo", "-n", tool, action, *self.rule],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def ensure(self):
        if self._ipt("-C").returncode == 0:
            log.debug("firewall rule already present")
            return True
        res = self._ipt("-I")
        if res.returncode != 0:
            log.warning("could not add firewall rule: %s", res.stderr.strip())
            return False
        log.info("opened %s", " ".join(self.rule[1:5]))
        return True


class FactorioServer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.root = Path(os.path.expanduser(cfg["factorio_dir"]))
        self.proc = None
        self.stopping = False

    def command(self):
        cmd = [str(self.root / "bin/x64/factorio"),
               "--start-server", str(self.root / self.cfg["save"]),
               "--server-settings", str(self.root / "data/server-settings.json"),
               "--bind", f"0.0.0.0:{self.cfg['port']}"]
        password = os.environ.get(self.cfg["rcon_password_env"])
        if password:
            cmd += ["--rcon-bind", f"0.0.0.0:{self.cfg['rcon_port']}", "--rcon-password", password]
        return cmd

    def _pump(self, stream):
        console = logging.getLogger("factorio")
        for line in iter(stream.readline, ""):
            console.info(line.rstrip())
        stream.close()

    def run_once(self):
        if self.cfg.get("manage_firewall", True):
            PortOpener(self.cfg["port"]).ensure()
        log.info("starting: %s", " ".join(self.command()[:3]))
        self.proc = subprocess.Popen(self.command(), cwd=self.root, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        t = threading.Thread(target=self._pump, args=(self.proc.stdout,), daemon=True)
        t.start()
        code = self.proc.wait()
        t.join(timeout=5)
        return code

    def stop(self, *_):
        self.stopping = True
        if self.proc and self.proc.poll() is None:
            log.info("asking server to save and quit")
            self.proc.send_signal(signal.SIGINT)

    def supervise(self):
        restarts = 0
        while True:
            started = time.monotonic()
            code = self.run_once()
            if self.stopping:
                log.info("server exited (%s) after shutdown request", code)
                return 0
            if time.monotonic() - started > 600:
                restarts = 0
            restarts += 1
            if restarts > self.cfg["max_restarts"]:
                log.error("server keeps crashing (last code %s); giving up", code)
                return 1
            log.warning("server exited with %s, restarting (%d/%d)", code, restarts, self.cfg["max_restarts"])
            time.sleep(min(30, 5 * restarts))


def load_config(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        with path.open() as fh:
            cfg.update(json.load(fh))
    return cfg


def setup_logging(logfile, verbose):
    fmt = logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s")
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    fh = logging.handlers.RotatingFileHandler(logfile, maxBytes=5_000_000, backupCount=3)
    fh.setFormatter(fmt)
    sh = logging.StreamHandler()
    sh.setFormatter(fmt)
    root.addHandler(fh)
    root.addHandler(sh)


def main():
    ap = argparse.ArgumentParser(description="Supervise a Factorio headless server")
    ap.add_argument("-c", "--config", type=Path, default=Path("factorio-wrapper.json"))
    ap.add_argument("--log", default="factorio-wrapper.log")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    setup_logging(args.log, args.verbose)

    cfg = load_config(args.config)
    server = FactorioServer(cfg)
    if not (server.root / "bin/x64/factorio").exists():
        log.error("no factorio binary under %s", server.root)
        return 1
    signal.signal(signal.SIGTERM, server.stop)
    signal.signal(signal.SIGINT, server.stop)
    return server.supervise()


if __name__ == "__main__":
    sys.exit(main())
