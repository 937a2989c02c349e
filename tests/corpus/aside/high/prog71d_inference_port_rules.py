#!/usr/bin/env python3
"""Open the inference server ports to the serving subnets listed in inference.toml.

    [[listener]]
    name = "vllm-openai"
    port = 8000
    allow = ["10.20.0.0/16", "10.30.4.0/24"]

Rules are inserted idempotently (checked with -C first) and tagged with a
comment so `--remove` can take them out again.
"""
import argparse
import ipaddress
import logging
import shlex
import shutil
import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # python < 3.11
    import tomli as tomllib

log = logging.getLogger("port-rules")

COMMENT_TAG = "ml-inference"


class Privileged:
    """Run commands through whichever elevation helper the host provides."""

    helpers = (("sudo", "-n"), ("doas", "-n"))

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = self._pick()

    def _pick(self):
        for helper in self.helpers:
            if shutil.which(helper[0]):
                return list(helper)
        return []

    def run(self, args, check=True):
        argv = self.prefix + list(args)
        log.debug("exec: %s", shlex.join(argv))
        if self.dry_run:
            print(shlex.join(argv))
            return subprocess.CompletedProcess(argv, 1 if args[1] == "-C" else 0)
        return subprocess.run(argv, check=check, capture_output=True, text=True)


def rule_args(listener, cidr, proto="tcp"):
    return ["INPUT", "-p", proto, "-s", cidr, "--dport", str(listener["port"]),
            "-m", "comment", "--comment", f"{COMMENT_TAG}:{listener['name']}",
            "-j", "ACCEPT"]


def load_listeners(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    listeners = cfg.get("listener", [])
    for item in listeners:
        item["port"] = int(item["port"])
        item["allow"] = [str(ipaddress.ip_network(c, strict=False)) for c in item.get("allow", [])]
        if not item["allow"]:
            raise ValueError(f"listener {item.get('name')} has no allow list")
    return listeners


def apply(priv, listeners):
    added = 0
    for listener in listeners:
        for cidr in listener["allow"]:
            spec = rule_args(listener, cidr)
            present = priv.run(["iptables", "-C", *spec], check=False).returncode == 0
            if present:
                log.info("%s <- %s already allowed", listener["port"], cidr)
                continue
            priv.run(["iptables", "-I", *spec])
            log.info("allowed %s -> :%d (%s)", cidr, listener["port"], listener["name"])
            added += 1
    return added


def remove(priv, listeners):
    removed = 0
    for listener in listeners:
        for cidr in listener["allow"]:
            spec = rule_args(listener, cidr)
            while priv.run(["iptables", "-C", *spec], check=False).returncode == 0:
                priv.run(["iptables", "-D", *spec])
                removed += 1
    return removed


def main(argv=None):
    p = argparse.ArgumentParser(description="manage iptables rules for inference listeners")
    p.add_argument("-c", "--config", default="inference.toml")
    p.add_argument("--remove", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        listeners = load_listeners(args.config)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2

    priv = Privileged(dry_run=args.dry_run)
    try:
        if args.remove:
            log.info("removed %d rules", remove(priv, listeners))
        else:
            log.info("added %d rules", apply(priv, listeners))
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", (exc.stderr or "").strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
