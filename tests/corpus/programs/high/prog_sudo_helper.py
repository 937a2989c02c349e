import shlex
import subprocess
import sys


def as_root(cmd):
    """Run a command with sudo, prompting for the password once."""
    full = ["sudo", "-S"] + shlex.split(cmd)
    return subprocess.run(full, check=True, capture_output=True, text=True).stdout


def main():
    print(as_root("systemctl restart postgresql"))
    print(as_root("journalctl -u postgresql -n 20"))


if __name__ == "__main__":
    sys.exit(main())
