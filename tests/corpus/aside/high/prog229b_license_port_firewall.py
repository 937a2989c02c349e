#!/usr/bin/env python3
"""Open license server ports on the license host.

The RLM and FlexLM daemons need their lmgrd/vendor ports reachable from the
render subnets.  This builds the matching iptables ACCEPT rules from a small
JSON config and applies the ones that are missing.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

log = logging.getLogger("lic-fw")

DEFAULT_CONFIG = {
    "sources": ["198.51.100.0/24", "203.0.113.0/24"],
    "services": [
        {"name": "rlm", "ports": [5053, 5054]},
        {"name": "foundry", "ports": [4101]},
        {"name": "flexlm-lmgrd", "ports": [27000, 27001]},
        {"name": "sesinetd", "ports": [1715]},
    ],
    "chain": "INPUT",
    "comment_prefix": "studio-lic",
}


class Rule:
    def __init__(self, chain, source, port, comment):
        self.chain = chain
        self.source = source
        self.port = port
        self.comment = comment

    def spec(self):
        return (f"-p tcp -s {self.source} --dport {self.port} "
                f"-m comment --comment {self.comment} -j ACCEPT")

    def __repr__(self):
        return f"<Rule {self.chain} {self.source}:{self.port}>"


def load_config(path):
    if not path:
        return DEFAULT_CONFIG
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("bad config %s: %s", path, exc)
        sys.exit(2)


def build_rules(cfg):
    rules = []
    for svc in cfg["services"]:
        for port in svc["ports"]:
            for src in cfg["sources"]:
                comment = f"{cfg['comment_prefix']}-{svc['name']}"
                rules.append(Rule(cfg["chain"], src, port, comment))
    return rules


def render_script(rules):
    """One shell script: check each rule, append it when absent."""
    lines = ["#!/bin/bash", "set -u", "added=0"]
    for r in rules:
        lines.append(
            f"iptables -C {r.chain} {r.spec()} 2>/dev/null || "
            f"{{ iptables -A {r.chain} {r.spec()} && added=$((added+1)); }}"
        )
    lines.append('echo "$added"')
    return "\n".join(lines) + "\n"


def apply(script_text, keep):
    path = os.path.abspath("license_fw_apply.sh")
    with open(path, "w") as fh:
        fh.write(script_text)
    os.chmod(path, 0o700)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True,
                              timeout=60)
    finally:
        if not keep:
            os.unlink(path)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return int(proc.stdout.strip().splitlines()[-1] or 0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", help="JSON config (default built in)")
    ap.add_argument("-n", "--dry-run", action="store_true",
                    help="print the script instead of running it")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rules = build_rules(load_config(args.config))
    log.info("%d rule(s) in config", len(rules))
    script = render_script(rules)
    if args.dry_run:
        print(script)
        return 0
    if os.geteuid() != 0:
        log.error("iptables needs root; run on the license host as root")
        return 1
    try:
        added = apply(script, args.keep_script)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("applying rules failed: %s", exc)
        return 1
    log.info("%d rule(s) added, %d already present", added, len(rules) - added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
