import os
import platform
import shutil


def report():
    total, used, free = shutil.disk_usage("/")
    lines = [
        f"system: {platform.system()} {platform.release()}",
        f"python: {platform.python_version()}",
        f"cpus: {os.cpu_count()}",
        f"disk free: {free // 2**30} GiB of {total // 2**30} GiB",
    ]
    with open("/proc/meminfo") as f:
        lines.append(f.readline().strip())
    with open("/etc/os-release") as f:
        for line in f:
            if line.startswith("PRETTY_NAME="):
                lines.append(line.strip())
    return "\n".join(lines)


print(report())
