#!/usr/bin/env python3
"""Register a freshly installed CUDA toolkit with the dynamic linker.

Finds the newest /usr/local/cuda-* install, writes
/etc/ld.so.conf.d/cuda-hpc.conf, refreshes the linker cache, and updates
the /usr/local/cuda symlink. Must be run as root on the node image.
"""
import glob
import os
import re
import subprocess
import sys

LD_CONF = "/etc/ld.so.conf.d/cuda-hpc.conf"
CUDA_LINK = "/usr/local/cuda"


def version_key(path):
    m = re.search(r"cuda-(\d+)\.(\d+)", path)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def find_toolkits():
    found = [p for p in glob.glob("/usr/local/cuda-*")
             if os.path.isdir(os.path.join(p, "lib64"))]
    return sorted(found, key=version_key)


def write_ld_conf(toolkit):
    lines = [
        f"# managed by cuda_libpath_setup; toolkit {os.path.basename(toolkit)}",
        os.path.join(toolkit, "lib64"),
        os.path.join(toolkit, "extras", "CUPTI", "lib64"),
    ]
    tmp = LD_CONF + ".new"
    with open(tmp, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, LD_CONF)


def update_symlink(toolkit):
    if os.path.islink(CUDA_LINK):
        if os.readlink(CUDA_LINK) == toolkit:
            return False
        os.unlink(CUDA_LINK)
    elif os.path.exists(CUDA_LINK):
        raise RuntimeError(f"{CUDA_LINK} exists and is not a symlink")
    os.symlink(toolkit, CUDA_LINK)
    return True


def refresh_cache():
    subprocess.run(["ldconfig"], check=True)
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True)
    return [l for l in out.stdout.splitlines() if "libcudart" in l]


def main():
    if os.geteuid() != 0:
        print("must be run as root", file=sys.stderr)
        return 1
    toolkits = find_toolkits()
    if not toolkits:
        print("no CUDA toolkit under /usr/local", file=sys.stderr)
        return 1
    newest = toolkits[-1]
    print(f"toolkits found: {', '.join(os.path.basename(t) for t in toolkits)}")
    print(f"activating {newest}")
    write_ld_conf(newest)
    changed = update_symlink(newest)
    libs = refresh_cache()
    print(f"wrote {LD_CONF}; symlink {'updated' if changed else 'unchanged'}")
    for line in libs[:5]:
        print("  ", line.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
