"""Provisioning step: let the deploy account restart the app without a password."""
import argparse
import logging
import os
import subprocess

log = logging.getLogger("provision")
RULE = "{user} ALL=(root) NOPASSWD: /usr/bin/systemctl restart inventory\n"


def install_rule(user, path="/etc/sudoers.d/inventory-deploy"):
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(RULE.format(user=user))
    os.chmod(tmp, 0o440)
    subprocess.run(["visudo", "-cf", tmp], check=True)
    os.replace(tmp, path)
    log.info("installed %s", path)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="deploy")
    install_rule(ap.parse_args().user)
