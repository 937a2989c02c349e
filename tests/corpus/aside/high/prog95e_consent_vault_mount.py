#!/usr/bin/env python3
"""
consent_vault_mount - open / close the encrypted USB drive that holds the
studio's paper consent-form scans (kept off the cloud for client privacy).

    consent_vault_mount.py open     # unlock and mount, prints the path
    consent_vault_mount.py close    # unmount and lock
    consent_vault_mount.py status

The drive is identified by its filesystem label so it does not matter which
USB port the front desk plugs it into.  Settings come from vault.ini.
"""
import argparse
import configparser
import getpass
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("consent_vault")


class VaultDrive:
    def __init__(self, label, mapper_name, mount_point, owner):
        self.label = label
        self.mapper = mapper_name
        self.mount_point = Path(mount_point)
        self.owner = owner

    @property
    def device(self):
        return Path("/dev/disk/by-partlabel") / self.label

    @property
    def mapped(self):
        return Path("/dev/mapper") / self.mapper

    @staticmethod
    def _priv(args, **kw):
        cmd = ["sudo", "-p", "[studio pc password] "] + list(args)
        log.debug("exec: %s", " ".join(cmd))
        return subprocess.run(cmd, check=True, **kw)

    def is_open(self):
        return self.mapped.exists()

    def is_mounted(self):
        return os.path.ismount(self.mount_point)

    def open(self):
        if not self.device.exists():
            raise FileNotFoundError(f"drive with label {self.label!r} not plugged in")
        if not self.is_open():
            passphrase = getpass.getpass("Vault passphrase: ")
            self._priv(["cryptsetup", "open", "--type", "luks2", "--key-file=-",
                        str(self.device), self.mapper],
                       input=passphrase.encode(), stdout=subprocess.DEVNULL)
            log.info("unlocked %s", self.device)
        if not self.is_mounted():
            self._priv(["mkdir", "-p", str(self.mount_point)])
            self._priv(["mount", "-o", "noexec,nosuid,nodev", str(self.mapped),
                        str(self.mount_point)])
            self._priv(["chown", f"{self.owner}:{self.owner}", str(self.mount_point)])
            log.info("mounted at %s", self.mount_point)
        return self.mount_point

    def close(self):
        if self.is_mounted():
            subprocess.run(["sync"], check=False)
            self._priv(["umount", str(self.mount_point)])
            log.info("unmounted %s", self.mount_point)
        if self.is_open():
            self._priv(["cryptsetup", "close", self.mapper])
            log.info("locked %s", self.mapper)

    def status(self):
        return {
            "plugged_in": self.device.exists(),
            "unlocked": self.is_open(),
            "mounted": self.is_mounted(),
            "mount_point": str(self.mount_point),
        }


def load_drive(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"vault": {
        "label": "CONSENT_VAULT",
        "mapper": "consentvault",
        "mount_point": "/media/consent-vault",
        "owner": getpass.getuser(),
    }})
    cp.read(path)
    v = cp["vault"]
    return VaultDrive(v["label"], v["mapper"], v["mount_point"], v["owner"])


def main():
    ap = argparse.ArgumentParser(description="open/close the consent-form vault drive")
    ap.add_argument("action", choices=["open", "close", "status"])
    ap.add_argument("--config", default="vault.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    drive = load_drive(args.config)
    try:
        if args.action == "open":
            print(drive.open())
        elif args.action == "close":
            drive.close()
        else:
            for k, v in drive.status().items():
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
