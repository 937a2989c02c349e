#!/usr/bin/env python3
"""Roll a new configuration out to the PCN gateway service.

Renders the gateway settings, installs them under /etc and restarts the
already-installed pcn-gateway service, rolling back if it fails to start.
"""
import argparse
import configparser
import io
import logging
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("gateway-deploy")

SERVICE = "pcn-gateway"
CONFIG_PATH = Path("/etc/pcn-gateway/gateway.ini")

PROFILES = {
    "staging": {"api_base": "https://staging.pcn-gateway.example", "workers": "2", "log_level": "debug"},
    "production": {"api_base": "https://pcn-gateway.example", "workers": "8", "log_level": "info"},
}


def run(cmd, check=True, capture=False):
    log.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, text=True,
                          capture_output=capture)


def render(profile, database_url):
    cfg = configparser.ConfigParser()
    cfg["gateway"] = dict(PROFILES[profile])
    cfg["database"] = {"url": database_url}
    cfg["notices"] = {"discount_days": "14", "charge_certificate_days": "56"}
    buf = io.StringIO()
    cfg.write(buf)
    return buf.getvalue()


def current_config():
    try:
        return CONFIG_PATH.read_text()
    except (FileNotFoundError, PermissionError):
        res = run(["sudo", "cat", str(CONFIG_PATH)], check=False, capture=True)
        return res.stdout if res.returncode == 0 else None


def install(text):
    run(["sudo", "install", "-d", "-m", "0755", str(CONFIG_PATH.parent)])
    subprocess.run(["sudo", "tee", str(CONFIG_PATH)], input=text, text=True,
                   check=True, stdout=subprocess.DEVNULL)
    run(["sudo", "chown", "root:pcn", str(CONFIG_PATH)])
    run(["sudo", "chmod", "0640", str(CONFIG_PATH)])


def restart_and_check(wait):
    run(["sudo", "systemctl", "restart", SERVICE])
    time.sleep(wait)
    res = run(["systemctl", "is-active", SERVICE], check=False, capture=True)
    return res.stdout.strip() == "active"


def main():
    parser = argparse.ArgumentParser(description="Deploy pcn-gateway configuration")
    parser.add_argument("profile", choices=sorted(PROFILES))
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--wait", type=float, default=5.0)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    new_text = render(args.profile, args.database_url)
    if args.dry_run:
        print(new_text)
        return 0

    previous = current_config()
    if previous == new_text:
        log.info("configuration unchanged, nothing to do")
        return 0

    install(new_text)
    if restart_and_check(args.wait):
        log.info("%s restarted with %s profile", SERVICE, args.profile)
        return 0

    log.error("%s failed to come up", SERVICE)
    if previous is not None:
        log.info("rolling back previous configuration")
        install(previous)
        restart_and_check(args.wait)
    return 1


if __name__ == "__main__":
    sys.exit(main())
