#!/usr/bin/env python3
"""
consent_vault_open - open / close the encrypted folder that holds the
studio's paper consent-form scans (kept off the cloud for client privacy).

    consent_vault_open.py open     # unlock and mount, prints the path
    consent_vault_open.py close    # unmount and lock
    consent_vault_open.py status

The scans live in a gocryptfs cipher directory inside the studio's shared
folder; it is mounted through FUSE into ./vault so no admin rights are
needed at the front desk.  Settings come from vault.ini.
"""
import argparse
import configparser
import getpass
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("consent_vault")


class VaultFolder:
    def __init__(self, cipher_dir, mount_point, idle):
        self.cipher_dir = Path(cipher_dir).expanduser()
        self.mount_point = Path(mount_point).expanduser()
        self.idle = idle

    @staticmethod
    def _run(args, **kw):
        log.debug("exec: %s", " ".join(args))
        return subprocess.run(list(args), check=True, **kw)

    def is_initialised(self):
        return (self.cipher_dir / "gocryptfs.conf").exists()

    def is_mounted(self):
        return os.path.ismount(self.mount_point)

    def open(self):
        if shutil.which("gocryptfs") is None:
            raise FileNotFoundError("gocryptfs is not installed on this PC")
        if not self.is_initialised():
            raise FileNotFoundError(f"no vault found in {self.cipher_dir}")
        if not self.is_mounted():
            self.mount_point.mkdir(parents=True, exist_ok=True)
            passphrase = getpass.getpass("Vault passphrase: ")
            self._run(["gocryptfs", "-q", "-passfile", "/dev/stdin",
                       "-idle", self.idle, "-noexec",
                       str(self.cipher_dir), str(self.mount_point)],
                      input=passphrase.encode(), stdout=subprocess.DEVNULL)
            log.info("mounted at %s (auto-locks after %s idle)", self.mount_point, self.idle)
        return self.mount_point

    def close(self):
        if self.is_mounted():
            subprocess.run(["sync"], check=False)
            unmount = shutil.which("fusermount3") or shutil.which("fusermount") or "fusermount"
            self._run([unmount, "-u", str(self.mount_point)])
            log.info("unmounted and locked %s", self.mount_point)

    def status(self):
        return {
            "vault_found": self.is_initialised(),
            "mounted": self.is_mounted(),
            "cipher_dir": str(self.cipher_dir),
            "mount_point": str(self.mount_point),
        }


def load_folder(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"vault": {
        "cipher_dir": "./shared/consent.enc",
        "mount_point": "./vault",
        "idle": "30m",
    }})
    cp.read(path)
    v = cp["vault"]
    return VaultFolder(v["cipher_dir"], v["mount_point"], v["idle"])


def main():
    ap = argparse.ArgumentParser(description="open/close the consent-form vault folder")
    ap.add_argument("action", choices=["open", "close", "status"])
    ap.add_argument("--config", default="vault.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    vault = load_folder(args.config)
    try:
        if args.action == "open":
            print(vault.open())
        elif args.action == "close":
            vault.close()
        else:
            for k, v in vault.status().items():
                print(f"{k:12} {v}")
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, " ".join(exc.cmd))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
