#!/usr/bin/env python3
"""Provision a lobby ticket kiosk.

Kiosks are thin Linux boxes that show the web box office full-screen. This
pins the box-office hostnames to the in-house server (the lobby network has
no internal DNS), drops the browser policy that locks the kiosk to the
ticketing site, and hands the kiosk's local config to the kiosk user.
"""
import argparse
import json
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("kiosk")

SETTINGS = {
    "box_office_ip": "203.0.113.10",
    "hostnames": ["tickets.example.com", "pay.example.com"],
    "kiosk_user": "kiosk",
    "start_url": "https://tickets.example.com/kiosk",
    # file locations, kept here so other distros can override them
    "paths": {
        "hosts": ("etc", "hosts"),
        "policy": ("etc", "chromium", "policies", "managed", "kiosk.json"),
        "kiosk_conf": ("etc", "kiosk", "kiosk.conf"),
    },
}

MARK = "# managed by kiosk provisioning"


def sys_path(parts):
    return Path(os.sep).joinpath(*parts)


def pin_hosts(cfg):
    hosts = sys_path(cfg["paths"]["hosts"])
    lines = hosts.read_text().splitlines()
    kept = [l for l in lines if MARK not in l]
    for name in cfg["hostnames"]:
        kept.append(f"{cfg['box_office_ip']}\t{name}\t{MARK}")
    hosts.write_text("\n".join(kept) + "\n")
    log.info("pinned %d hostname(s) in %s", len(cfg["hostnames"]), hosts)


def write_policy(cfg):
    policy = sys_path(cfg["paths"]["policy"])
    policy.parent.mkdir(parents=True, exist_ok=True)
    body = {
        "HomepageLocation": cfg["start_url"],
        "RestoreOnStartup": 4,
        "RestoreOnStartupURLs": [cfg["start_url"]],
        "URLBlocklist": ["*"],
        "URLAllowlist": [f"https://{h}" for h in cfg["hostnames"]],
        "IncognitoModeAvailability": 1,
        "DeveloperToolsAvailability": 2,
    }
    policy.write_text(json.dumps(body, indent=2))
    os.chmod(policy, 0o644)
    log.info("wrote browser policy %s", policy)


def write_kiosk_conf(cfg):
    conf = sys_path(cfg["paths"]["kiosk_conf"])
    conf.parent.mkdir(parents=True, exist_ok=True)
    conf.write_text(f"START_URL={cfg['start_url']}\nIDLE_RESET=120\n")
    try:
        user = pwd.getpwnam(cfg["kiosk_user"])
    except KeyError:
        log.warning("user %s missing; leaving %s owned by root", cfg["kiosk_user"], conf)
        return
    # the kiosk session rewrites this file when staff change the idle timer
    for p in (conf.parent, conf):
        os.chown(p, user.pw_uid, user.pw_gid)
    log.info("handed %s to %s", conf, cfg["kiosk_user"])


STEPS = {"hosts": pin_hosts, "policy": write_policy, "conf": write_kiosk_conf}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", help="JSON file overriding SETTINGS")
    ap.add_argument("--only", choices=sorted(STEPS), action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = dict(SETTINGS)
    if args.settings:
        with open(args.settings) as fh:
            cfg.update(json.load(fh))
    failures = 0
    for name in args.only or list(STEPS):
        try:
            STEPS[name](cfg)
        except PermissionError:
            log.error("step %s needs to run as root", name)
            failures += 1
        except OSError as exc:
            log.error("step %s failed: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
