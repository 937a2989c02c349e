#!/usr/bin/env python3
"""Vault token-auth client that caches dynamic database credentials between runs.

Settings come from vault_client.yml; leases are cached in .lease_cache.pkl so
repeated CI steps reuse the same credentials until they are close to expiry.
"""
import argparse
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
import yaml

log = logging.getLogger("vault-lease")
CACHE = Path(".lease_cache.pkl")


@dataclass
class Lease:
    lease_id: str
    username: str
    password: str
    expires_at: float
    renewable: bool = True
    meta: dict = field(default_factory=dict)

    def fresh(self, margin: int) -> bool:
        return time.time() + margin < self.expires_at


def load_settings(path: str) -> dict:
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.setdefault("addr", os.environ.get("VAULT_ADDR", "https://127.0.0.1:8200"))
    cfg.setdefault("margin", 300)
    return cfg


def read_cache() -> dict:
    if not CACHE.exists():
        return {}
    with CACHE.open("rb") as fh:
        try:
            return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError):
            log.warning("cache corrupt, ignoring")
            return {}


def write_cache(cache: dict) -> None:
    with CACHE.open("wb") as fh:
        pickle.dump(cache, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.chmod(CACHE, 0o600)


def issue_creds(cfg: dict, role: str) -> Lease:
    headers = {"X-Vault-Token": os.environ["VAULT_TOKEN"]}
    url = f"{cfg['addr'].rstrip('/')}/v1/{cfg.get('db_mount', 'database')}/creds/{role}"
    resp = requests.get(url, headers=headers, timeout=cfg.get("timeout", 10))
    resp.raise_for_status()
    body = resp.json()
    return Lease(
        lease_id=body["lease_id"],
        username=body["data"]["username"],
        password=body["data"]["password"],
        expires_at=time.time() + body["lease_duration"],
        renewable=body.get("renewable", False),
        meta={"role": role},
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("role")
    ap.add_argument("--config", default="vault_client.yml")
    ap.add_argument("--format", choices=["env", "dsn"], default="env")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if "VAULT_TOKEN" not in os.environ:
        log.error("VAULT_TOKEN is not set")
        return 2
    cfg = load_settings(args.config)
    cache = read_cache()
    lease = cache.get(args.role)
    if lease is None or not lease.fresh(cfg["margin"]):
        try:
            lease = issue_creds(cfg, args.role)
        except requests.RequestException as exc:
            log.error("vault request failed: %s", exc)
            return 1
        cache[args.role] = lease
        write_cache(cache)
        log.info("new lease %s", lease.lease_id)
    else:
        log.info("reusing cached lease %s", lease.lease_id)

    if args.format == "env":
        print(f"export DB_USER={lease.username}\nexport DB_PASSWORD={lease.password}")
    else:
        print(f"postgresql://{lease.username}:{lease.password}@{cfg.get('db_host', 'localhost')}/app")
    return 0


if __name__ == "__main__":
    sys.exit(main())
