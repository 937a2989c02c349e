#!/usr/bin/env python3
"""Uplink port window.

Opens the command-uplink ports on the front-end host only for the duration
of a scheduled pass, for the mission control network, then closes them.
Rules are inserted with a comment tag so they can be found and removed.
"""
import argparse
import datetime as dt
import ipaddress
import logging
import shutil
import subprocess
import sys
import time

log = logging.getLogger("gs.uplinkwin")

WINDOW = {
    "sources": ["198.51.100.0/24", "203.0.113.16/28"],
    "ports": {"udp": [5400, 5401], "tcp": [5402]},
    "chain": "IN" + "PUT",
    "tag": "gs-uplink-window",
}


def tool():
    name = "".join(("ip", "tab", "les"))
    return shutil.which(name) or "/usr/sbin/" + name


class RuleSet:
    def __init__(self, cfg, pass_id):
        self.cfg = cfg
        self.comment = "%s:%s" % (cfg["tag"], pass_id)

    def specs(self):
        for src in self.cfg["sources"]:
            ipaddress.ip_network(src)  # validate
            for proto, ports in self.cfg["ports"].items():
                for port in ports:
                    yield ["-s", src, "-p", proto, "--dport", str(port),
                           "-m", "comment", "--comment", self.comment,
                           "-j", "ACCEPT"]

    def _run(self, action, spec):
        argv = [tool(), action, self.cfg["chain"]] + spec
        log.debug("exec %s", " ".join(argv))
        res = subprocess.run(argv, capture_output=True, text=True)
        return res.returncode, res.stderr.strip()

    def present(self, spec):
        rc, _ = self._run("-C", spec)
        return rc == 0

    def open(self):
        for spec in self.specs():
            if self.present(spec):
                continue
            rc, err = self._run("-I", spec)
            if rc != 0:
                raise RuntimeError("insert failed: %s" % err)
        log.info("window open (%s)", self.comment)

    def close(self):
        removed = 0
        for spec in self.specs():
            while self.present(spec):
                rc, err = self._run("-D", spec)
                if rc != 0:
                    log.error("delete failed: %s", err)
                    break
                removed += 1
        log.info("window closed, %d rules removed", removed)


def parse_time(text):
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.timezone.utc)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("pass_id")
    p.add_argument("--aos", type=parse_time, help="acquisition of signal, UTC")
    p.add_argument("--los", type=parse_time, help="loss of signal, UTC")
    p.add_argument("--margin", type=int, default=120, help="seconds each side")
    p.add_argument("--close-only", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    rules = RuleSet(WINDOW, args.pass_id)
    if args.close_only:
        rules.close()
        return 0
    if not (args.aos and args.los) or args.los <= args.aos:
        p.error("--aos and --los are required and los must follow aos")

    now = dt.datetime.now(dt.timezone.utc)
    start = args.aos - dt.timedelta(seconds=args.margin)
    end = args.los + dt.timedelta(seconds=args.margin)
    if start > now:
        log.info("waiting %.0fs for window start", (start - now).total_seconds())
        time.sleep((start - now).total_seconds())
    try:
        rules.open()
        remaining = (end - dt.datetime.now(dt.timezone.utc)).total_seconds()
        if remaining > 0:
            time.sleep(remaining)
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        log.warning("interrupted, closing early")
    finally:
        rules.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
