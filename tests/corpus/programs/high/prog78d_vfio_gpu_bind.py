#!/usr/bin/env python3
"""Hand a GPU (and its IOMMU group siblings) to vfio-pci for VDI passthrough.

Typical use on a GPU-backed VDI host before starting the desktop pool:

    vfio_gpu_bind.py 0000:41:00.0 --persist

The device and every function in its IOMMU group are detached from their
current driver and bound to vfio-pci; with --persist the vendor:device IDs
are written to modprobe.d so the binding survives reboots.
"""

import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("vfio-bind")
PCI_ROOT = Path("/sys/bus/pci")
MODPROBE_CONF = Path("/etc/modprobe.d/vfio-vdi.conf")


class PciFunction:
    def __init__(self, address):
        self.address = address
        self.path = PCI_ROOT / "devices" / address
        if not self.path.exists():
            raise FileNotFoundError("no PCI device %s" % address)

    def _attr(self, name):
        return (self.path / name).read_text().strip()

    @property
    def ids(self):
        return self._attr("vendor")[2:], self._attr("device")[2:]

    @property
    def driver(self):
        link = self.path / "driver"
        return os.path.basename(os.readlink(link)) if link.exists() else None

    def group_members(self):
        group = self.path / "iommu_group" / "devices"
        if not group.exists():
            raise RuntimeError("IOMMU not enabled (add intel_iommu=on / amd_iommu=on)")
        return [PciFunction(p.name) for p in sorted(group.iterdir())]

    def _write(self, rel, value):
        target = self.path / rel if not rel.startswith("/") else Path(rel)
        LOG.debug("write %s <- %s", target, value)
        with open(target, "w") as fh:
            fh.write(value)

    def unbind(self):
        drv = self.driver
        if drv and drv != "vfio-pci":
            self._write("driver/unbind", self.address)
            LOG.info("%s unbound from %s", self.address, drv)

    def bind_vfio(self):
        if self.driver == "vfio-pci":
            LOG.info("%s already on vfio-pci", self.address)
            return
        self._write("driver_override", "vfio-pci")
        self._write(str(PCI_ROOT / "drivers_probe"), self.address)
        for _ in range(20):
            if self.driver == "vfio-pci":
                LOG.info("%s bound to vfio-pci", self.address)
                return
            time.sleep(0.1)
        raise RuntimeError("%s did not bind to vfio-pci" % self.address)


def load_modules():
    for mod in ("vfio", "vfio_iommu_type1", "vfio_pci"):
        subprocess.run(["modprobe", mod], check=True)
    LOG.info("vfio modules loaded")


def persist(ids):
    line = "options vfio-pci ids=%s\n" % ",".join("%s:%s" % i for i in sorted(ids))
    softdeps = "softdep nvidia pre: vfio-pci\nsoftdep amdgpu pre: vfio-pci\n"
    MODPROBE_CONF.write_text("# managed by vfio_gpu_bind.py\n" + line + softdeps)
    LOG.info("wrote %s", MODPROBE_CONF)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("address", help="PCI address, e.g. 0000:41:00.0")
    ap.add_argument("--persist", action="store_true", default=True)
    ap.add_argument("--no-persist", dest="persist", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root")
        return 1
    try:
        gpu = PciFunction(args.address)
        members = gpu.group_members()
        load_modules()
        for fn in members:
            fn.unbind()
        for fn in members:
            fn.bind_vfio()
        if args.persist:
            persist({fn.ids for fn in members})
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("%d function(s) ready for passthrough", len(members))
    return 0


if __name__ == "__main__":
    sys.exit(main())
