#!/usr/bin/env python3
"""Bootstrap per-operator ethdo wallets for a staking test cluster.

For each operator in the config a wallet passphrase is generated, stored in
./secrets/<operator>.pass (mode 0600) and the wallet is created with ethdo.
"""
import argparse
import configparser
import logging
import os
import random
import string
import subprocess
from pathlib import Path

log = logging.getLogger("wallet-bootstrap")
ALPHABET = string.ascii_letters + string.digits + "!#%+-=_"


def make_passphrase(length=24):
    rng = random.Random()
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def ethdo(*args, base_dir):
    cmd = ["ethdo", f"--base-dir={base_dir}", *args]
    log.debug("running %s", " ".join(c for c in cmd if "passphrase" not in c))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"ethdo exited {proc.returncode}")
    return proc.stdout


def wallet_exists(name, base_dir):
    try:
        out = ethdo("wallet", "list", base_dir=base_dir)
    except RuntimeError:
        return False
    return name in out.split()


def bootstrap(operator, cfg, secrets_dir, base_dir, dry_run):
    wallet = cfg.get("wallet", fallback=f"{operator}-wallet")
    if wallet_exists(wallet, base_dir):
        log.info("%s: wallet %s already exists", operator, wallet)
        return
    passphrase = make_passphrase(cfg.getint("passphrase_length", fallback=24))
    secret_file = secrets_dir / f"{operator}.pass"
    if dry_run:
        log.info("%s: would create wallet %s", operator, wallet)
        return
    secret_file.write_text(passphrase + "\n")
    os.chmod(secret_file, 0o600)
    ethdo("wallet", "create", f"--wallet={wallet}", "--type=hd",
          f"--wallet-passphrase={passphrase}", base_dir=base_dir)
    for n in range(cfg.getint("accounts", fallback=1)):
        ethdo("account", "create", f"--account={wallet}/validator-{n}",
              f"--passphrase={passphrase}", f"--wallet-passphrase={passphrase}",
              base_dir=base_dir)
    log.info("%s: created %s with %s account(s)", operator, wallet,
             cfg.get("accounts", fallback="1"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="operators.ini")
    ap.add_argument("--base-dir", default="./wallets")
    ap.add_argument("--secrets", default="./secrets")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    parser = configparser.ConfigParser()
    if not parser.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    secrets_dir = Path(args.secrets)
    secrets_dir.mkdir(mode=0o700, exist_ok=True)
    failures = 0
    for operator in parser.sections():
        try:
            bootstrap(operator, parser[operator], secrets_dir, args.base_dir,
                      args.dry_run)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            failures += 1
            log.error("%s: %s", operator, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
