"""Re-runs the installer with administrator rights when needed."""
import os
import shutil
import sys


def elevated_command(argv):
    for tool in ("sudo", "doas", "pkexec"):
        path = shutil.which(tool)
        if path:
            return [path, sys.executable] + argv
    raise SystemExit("no way to become root")


def ensure_root():
    if os.geteuid() == 0:
        return
    cmd = elevated_command(sys.argv)
    os.execvp(cmd[0], cmd)


def install():
    target = "/usr/local/lib/mytool"
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, "VERSION"), "w") as fh:
        fh.write("1.2.0\n")


if __name__ == "__main__":
    ensure_root()
    install()
