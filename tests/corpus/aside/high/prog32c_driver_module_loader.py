#!/usr/bin/env python3
"""driver_module_loader - init container for the FPGA device plugin.

Runs as a privileged DaemonSet init container.  Loads the vendor's kernel
modules shipped in the image (built for the node's kernel by CI), sets
their runtime parameters and waits for the device nodes to appear before
the device plugin starts.

Modules are loaded with modprobe against the image's module tree; when the
node's modprobe is missing from the image (distroless variant) we fall back
to the finit_module(2) syscall through ctypes.
"""
import argparse
import ctypes
import ctypes.util
import glob
import json
import logging
import os
import platform
import subprocess
import sys
import time

LOG = logging.getLogger("module-loader")
SYS_FINIT_MODULE = {"x86_64": 313, "aarch64": 273}
DRIVER_BASE = "/opt/drivers"
MODULE_ROOT = os.path.join(DRIVER_BASE, "lib", "modules")
DEFAULT_CONFIG = "/opt/drivers/modules.json"


def loaded_modules():
    with open("/proc/modules") as fh:
        return {line.split()[0] for line in fh}


def finit_module(ko_path, params=""):
    nr = SYS_FINIT_MODULE.get(platform.machine())
    if nr is None:
        raise OSError(f"finit_module syscall number unknown for {platform.machine()}")
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    fd = os.open(ko_path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        rc = libc.syscall(ctypes.c_long(nr), ctypes.c_int(fd),
                          ctypes.c_char_p(params.encode()), ctypes.c_int(0))
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"finit_module({ko_path}): {os.strerror(err)}")
    finally:
        os.close(fd)


def load_module(name, params, kernel):
    if name.replace("-", "_") in loaded_modules():
        LOG.info("%s already loaded", name)
        return
    param_str = " ".join(f"{k}={v}" for k, v in params.items())
    modprobe = "/sbin/modprobe" if os.path.exists("/sbin/modprobe") else None
    if modprobe:
        cmd = [modprobe, "-d", DRIVER_BASE, name] + [f"{k}={v}" for k, v in params.items()]
        LOG.info("running %s", " ".join(cmd))
        subprocess.run(cmd, check=True, timeout=60)
        return
    matches = glob.glob(os.path.join(MODULE_ROOT, kernel, "**", f"{name}.ko"), recursive=True)
    if not matches:
        raise FileNotFoundError(f"{name}.ko not built for kernel {kernel}")
    LOG.info("modprobe unavailable, finit_module(%s)", matches[0])
    finit_module(matches[0], param_str)


def set_runtime_params(name, runtime):
    for key, value in runtime.items():
        path = f"/sys/module/{name.replace('-', '_')}/parameters/{key}"
        try:
            with open(path, "w") as fh:
                fh.write(str(value))
            LOG.info("%s = %s", path, value)
        except OSError as exc:
            LOG.warning("cannot set %s: %s", path, exc)


def wait_for_devices(pattern, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        nodes = glob.glob(pattern)
        if nodes:
            return nodes
        time.sleep(1)
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=os.environ.get("DRIVER_CONFIG", DEFAULT_CONFIG))
    ap.add_argument("--device-glob", default="/dev/xdma*")
    ap.add_argument("--wait", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    kernel = platform.release()
    with open(args.config) as fh:
        config = json.load(fh)
    LOG.info("node kernel %s, %d modules configured", kernel, len(config["modules"]))

    for entry in config["modules"]:
        name = entry["name"]
        try:
            load_module(name, entry.get("load_params", {}), kernel)
        except (OSError, subprocess.CalledProcessError) as exc:
            LOG.error("loading %s failed: %s", name, exc)
            if entry.get("required", True):
                return 1
            continue
        set_runtime_params(name, entry.get("runtime_params", {}))

    nodes = wait_for_devices(args.device_glob, args.wait)
    if not nodes:
        LOG.error("no device nodes matching %s after %ss", args.device_glob, args.wait)
        return 1
    LOG.info("devices ready: %s", ", ".join(sorted(nodes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
