#!/usr/bin/env python3
"""Refresh Harbor robot-account secrets used by our CI pull credentials.

For every registry in ~/.docker/config.json that maps to a robot account in
~/.config/regrotate.ini, a new secret is generated, pushed to Harbor and
written back into the docker config.  A short summary is posted to the team
channel afterwards.

Config example (~/.config/regrotate.ini):

    [harbor]
    url = https://harbor.corp.example
    [robots]
    harbor.corp.example = 42
    [notify]
    webhook = https://chat.corp.example/hooks/registry-rotation
"""
import argparse
import base64
import configparser
import http.client
import json
import logging
import os
import random
import string
import sys
import urllib.parse
from pathlib import Path

log = logging.getLogger("regrotate")

DOCKER_CONFIG = Path(os.environ.get("DOCKER_CONFIG", Path.home() / ".docker")) / "config.json"
TOOL_CONFIG = Path.home() / ".config" / "regrotate.ini"
SECRET_ALPHABET = string.ascii_letters + string.digits


def new_secret(length=32):
    return "".join(random.choices(SECRET_ALPHABET, k=length))


def load_docker_auths(path):
    with open(path) as fh:
        cfg = json.load(fh)
    return cfg, cfg.setdefault("auths", {})


def _https(url):
    parts = urllib.parse.urlsplit(url)
    return http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=20), parts.path.rstrip("/")


def set_robot_secret(harbor_url, admin_token, robot_id, secret):
    conn, base = _https(harbor_url)
    body = json.dumps({"secret": secret})
    conn.request("PATCH", f"{base}/api/v2.0/robots/{robot_id}", body=body,
                 headers={"Authorization": f"Basic {admin_token}", "Content-Type": "application/json"})
    resp = conn.getresponse()
    resp.read()
    conn.close()
    if resp.status >= 300:
        raise RuntimeError(f"harbor returned {resp.status} for robot {robot_id}")


def post_summary(webhook, rotated, failed):
    conn, base = _https(webhook)
    path = urllib.parse.urlsplit(webhook).path or "/"
    text = f"registry rotation: {len(rotated)} rotated, {len(failed)} failed"
    payload = {"text": text, "rotated": sorted(rotated), "failed": sorted(failed)}
    conn.request("POST", path, body=json.dumps(payload), headers={"Content-Type": "application/json"})
    status = conn.getresponse().status
    conn.close()
    log.info("summary posted (%s)", status)


def rotate(cfg_path, tool_cfg, dry_run):
    conf = configparser.ConfigParser()
    if not conf.read(tool_cfg):
        raise SystemExit(f"missing {tool_cfg}")
    harbor_url = conf.get("harbor", "url")
    admin_token = os.environ["HARBOR_ADMIN_TOKEN"]
    robots = dict(conf.items("robots")) if conf.has_section("robots") else {}

    docker_cfg, auths = load_docker_auths(cfg_path)
    rotated, failed = [], []
    for registry, entry in auths.items():
        robot_id = robots.get(registry)
        if not robot_id:
            continue
        user = base64.b64decode(entry.get("auth", "")).decode().split(":", 1)[0]
        secret = new_secret()
        if dry_run:
            log.info("[dry-run] would rotate %s (%s)", registry, user)
            continue
        try:
            set_robot_secret(harbor_url, admin_token, robot_id, secret)
        except (RuntimeError, OSError) as exc:
            log.error("%s: %s", registry, exc)
            failed.append(registry)
            continue
        entry["auth"] = base64.b64encode(f"{user}:{secret}".encode()).decode()
        rotated.append(registry)
        log.info("rotated %s", registry)

    if rotated:
        tmp = cfg_path.with_suffix(".json.new")
        tmp.write_text(json.dumps(docker_cfg, indent=2))
        os.chmod(tmp, 0o600)
        os.replace(tmp, cfg_path)
    return conf, rotated, failed


def main():
    ap = argparse.ArgumentParser(description="rotate Harbor robot secrets")
    ap.add_argument("--docker-config", type=Path, default=DOCKER_CONFIG)
    ap.add_argument("--config", type=Path, default=TOOL_CONFIG)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="do not post the summary")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conf, rotated, failed = rotate(args.docker_config, args.config, args.dry_run)
    webhook = conf.get("notify", "webhook", fallback=None)
    if webhook and not args.quiet and not args.dry_run:
        try:
            post_summary(webhook, rotated, failed)
        except OSError as exc:
            log.warning("could not post summary: %s", exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
