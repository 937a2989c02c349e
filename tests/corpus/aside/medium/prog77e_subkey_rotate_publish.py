#!/usr/bin/env python3
"""Rotate the archive signing subkey and publish the updated public key.

Adds a fresh signing subkey to the archive's primary key, writes the new
public keyring to ./keys/, and uploads it to the HKP keyserver so apt clients
and mirrors pick it up before the old subkey expires.

Settings come from keyrotate.ini ([rotate] section) or the environment.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("keyrotate")

CONFIG_DEFAULTS = {
    "uid": "Platform Archive Signing Key <archive@pkg.example.org>",
    "algo": "ed25519",
    "expire": "1y",
    "keyserver": "https://keys.pkg.example.org",
    "gnupghome": str(Path.home() / ".gnupg"),
    "outdir": "keys",
}


class Gpg:
    def __init__(self, home, passphrase=None):
        self.home = home
        self.passphrase = passphrase

    def __call__(self, *args, stdin=None):
        cmd = ["gpg", "--homedir", self.home, "--batch", "--yes",
               "--pinentry-mode", "loopback"]
        if self.passphrase is not None:
            cmd += ["--passphrase-fd", "0"]
            stdin = self.passphrase + "\n" + (stdin or "")
        cmd += list(args)
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"gpg {args[0]} failed: {proc.stderr.strip()}")
        return proc.stdout

    def colons(self, *args):
        out = self("--with-colons", "--fixed-list-mode", *args)
        return [line.split(":") for line in out.splitlines()]


def primary_fingerprint(gpg, uid):
    rows = gpg.colons("--list-secret-keys", uid)
    for i, row in enumerate(rows):
        if row[0] == "sec":
            return next(r[9] for r in rows[i + 1:] if r[0] == "fpr")
    raise LookupError(f"no secret key for {uid}")


def signing_subkeys(gpg, fpr):
    rows = gpg.colons("--list-keys", fpr)
    subs, pending = [], None
    for row in rows:
        if row[0] == "sub":
            pending = row if "s" in row[11] else None
        elif row[0] == "fpr" and pending is not None:
            subs.append({"fpr": row[9], "created": int(pending[5]),
                         "expires": pending[6] or None})
            pending = None
    return sorted(subs, key=lambda s: s["created"])


def add_subkey(gpg, fpr, algo, expire):
    gpg("--quick-add-key", fpr, algo, "sign", expire)
    newest = signing_subkeys(gpg, fpr)[-1]
    log.info("added signing subkey %s", newest["fpr"])
    return newest


def export_public(gpg, fpr, outdir):
    armored = gpg("--armor", "--export-options", "export-minimal", "--export", fpr)
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / f"archive-{date.today():%Y}.asc"
    path.write_text(armored)
    log.info("wrote %s", path)
    return armored


def publish(keyserver, armored, timeout=30):
    resp = requests.post(f"{keyserver.rstrip('/')}/pks/add",
                         data={"keytext": armored}, timeout=timeout)
    resp.raise_for_status()
    log.info("keyserver accepted upload (%s)", resp.status_code)


def load_config(path):
    cp = configparser.ConfigParser()
    cp["rotate"] = CONFIG_DEFAULTS
    cp.read(path)
    cfg = dict(cp["rotate"])
    cfg["gnupghome"] = os.environ.get("GNUPGHOME", cfg["gnupghome"])
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="keyrotate.ini")
    ap.add_argument("--no-publish", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    gpg = Gpg(cfg["gnupghome"], os.environ.get("ARCHIVE_KEY_PASSPHRASE"))

    try:
        fpr = primary_fingerprint(gpg, cfg["uid"])
        before = signing_subkeys(gpg, fpr)
        log.info("primary %s has %d signing subkey(s)", fpr, len(before))
        add_subkey(gpg, fpr, cfg["algo"], cfg["expire"])
        armored = export_public(gpg, fpr, Path(cfg["outdir"]))
    except (RuntimeError, LookupError) as exc:
        log.error("%s", exc)
        return 1

    if args.no_publish:
        return 0
    try:
        publish(cfg["keyserver"], armored)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
