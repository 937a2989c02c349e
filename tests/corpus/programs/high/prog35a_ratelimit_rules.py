#!/usr/bin/env python3
"""Install per-port connection rate limits with iptables.

Rule templates are kept in a table; each template is rendered for a port and
first checked with ``iptables -C`` so that re-running the tool is idempotent.
The process runner is looked up once through importlib so tests can replace
it with a fake module via RATELIMIT_RUNNER.
"""
import argparse
import importlib
import logging
import os
import shlex
import sys

log = logging.getLogger("ratelimit")

_runner_mod = importlib.import_module(os.environ.get("RATELIMIT_RUNNER", "subprocess"))
_run = getattr(_runner_mod, "run")
_CalledProcessError = getattr(_runner_mod, "CalledProcessError", Exception)

CHAIN = "RATELIMIT"
TEMPLATES = (
    # (description, argument template)
    ("track new connections", "-p {proto} --dport {port} -m conntrack --ctstate NEW "
                              "-m recent --set --name rl{port}"),
    ("drop bursts", "-p {proto} --dport {port} -m conntrack --ctstate NEW "
                    "-m recent --update --seconds {window} --hitcount {hits} "
                    "--name rl{port} -j DROP"),
)
PRESETS = {
    "ssh": {"port": 22, "proto": "tcp", "window": 60, "hits": 6},
    "smtp": {"port": 25, "proto": "tcp", "window": 60, "hits": 30},
    "dns": {"port": 53, "proto": "udp", "window": 1, "hits": 50},
    "api": {"port": 8443, "proto": "tcp", "window": 10, "hits": 100},
}


def iptables(*args, check=True):
    cmd = ["iptables", "-w", "5", *args]
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    log.debug("+ %s", " ".join(shlex.quote(a) for a in cmd))
    return _run(cmd, check=check, capture_output=True, text=True)


def ensure_chain():
    if iptables("-n", "-L", CHAIN, check=False).returncode != 0:
        log.info("creating chain %s", CHAIN)
        iptables("-N", CHAIN)
    if iptables("-C", "INPUT", "-j", CHAIN, check=False).returncode != 0:
        iptables("-I", "INPUT", "1", "-j", CHAIN)


def ensure_rule(rule_args):
    args = shlex.split(rule_args)
    if iptables("-C", CHAIN, *args, check=False).returncode == 0:
        return False
    iptables("-A", CHAIN, *args)
    return True


def remove_rules(params):
    removed = 0
    for _, template in reversed(TEMPLATES):
        args = shlex.split(template.format(**params))
        while iptables("-C", CHAIN, *args, check=False).returncode == 0:
            iptables("-D", CHAIN, *args)
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("services", nargs="+", choices=sorted(PRESETS))
    ap.add_argument("--hits", type=int, help="override hit count")
    ap.add_argument("--window", type=int, help="override window in seconds")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        if not args.dry_run and not args.remove:
            ensure_chain()
        for service in args.services:
            params = dict(PRESETS[service])
            for key in ("hits", "window"):
                if getattr(args, key) is not None:
                    params[key] = getattr(args, key)
            if args.remove:
                log.info("%s: removed %d rules", service, remove_rules(params))
                continue
            for desc, template in TEMPLATES:
                rendered = template.format(**params)
                if args.dry_run:
                    print("iptables -A %s %s" % (CHAIN, rendered))
                    continue
                added = ensure_rule(rendered)
                log.info("%s: %s (%s)", service, desc, "added" if added else "present")
    except _CalledProcessError as exc:
        log.error("iptables failed: %s", getattr(exc, "stderr", exc))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
