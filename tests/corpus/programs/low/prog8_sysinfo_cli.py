"""Prints a short system summary (like neofetch)."""
import os
import platform
import shutil
import socket
from pathlib import Path


def os_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        return "unknown"
    return "unknown"


def memory():
    with open("/proc/meminfo") as fh:
        info = dict(line.split(":", 1) for line in fh)
    return info.get("MemTotal", "?").strip()


def main():
    user = os.environ.get("USER") or os.getlogin()
    print(f"{user}@{socket.gethostname()}")
    print("OS:     ", os_name())
    print("Kernel: ", platform.release())
    print("CPU:    ", cpu_model())
    print("Memory: ", memory())
    total, used, _free = shutil.disk_usage("/")
    print(f"Disk:    {used // 2**30} / {total // 2**30} GiB")
    print("Shell:  ", os.environ.get("SHELL", "?"))


main()
