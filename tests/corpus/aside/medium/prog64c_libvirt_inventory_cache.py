#!/usr/bin/env python3
"""
libvirt_inventory_cache - quick inventory of the VMs on one or more libvirt
hosts (vCPU, memory, disks, NICs, autostart), for the homelab wiki page.

Querying every host over qemu+ssh takes a while, so results are cached
per host under ./.cache/ and reused for --ttl seconds.

    libvirt_inventory_cache.py -c qemu+ssh://root@pve1/system -c qemu:///system
    libvirt_inventory_cache.py --format markdown > vms.md
"""
import argparse
import logging
import pickle
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, asdict
from hashlib import sha256
from pathlib import Path

try:
    import libvirt
except ImportError:  # pragma: no cover
    sys.exit("python3-libvirt is required (apt install python3-libvirt)")

log = logging.getLogger("virt-inventory")

CACHE_DIR = Path(".cache") / "libvirt-inventory"
STATES = {0: "nostate", 1: "running", 2: "blocked", 3: "paused",
          4: "shutdown", 5: "shutoff", 6: "crashed", 7: "pmsuspended"}


@dataclass
class VmInfo:
    host: str
    name: str
    state: str
    vcpus: int
    memory_mib: int
    autostart: bool
    disks: list = field(default_factory=list)
    nics: list = field(default_factory=list)


def parse_devices(xml_desc):
    root = ET.fromstring(xml_desc)
    disks, nics = [], []
    for disk in root.findall("./devices/disk[@device='disk']"):
        src = disk.find("source")
        tgt = disk.find("target")
        path = None
        if src is not None:
            path = src.get("file") or src.get("dev") or src.get("name")
        disks.append({"target": tgt.get("dev") if tgt is not None else "?", "source": path})
    for nic in root.findall("./devices/interface"):
        mac = nic.find("mac")
        src = nic.find("source")
        nics.append({
            "type": nic.get("type"),
            "mac": mac.get("address") if mac is not None else None,
            "bridge": (src.get("bridge") or src.get("network")) if src is not None else None,
        })
    return disks, nics


def collect(uri):
    conn = libvirt.openReadOnly(uri)
    if conn is None:
        raise RuntimeError(f"cannot open {uri}")
    try:
        host = conn.getHostname()
        vms = []
        for dom in conn.listAllDomains():
            state, _reason = dom.state()
            info = dom.info()
            disks, nics = parse_devices(dom.XMLDesc(0))
            vms.append(VmInfo(host=host, name=dom.name(), state=STATES.get(state, str(state)),
                              vcpus=info[3], memory_mib=info[1] // 1024,
                              autostart=bool(dom.autostart()), disks=disks, nics=nics))
        return vms
    finally:
        conn.close()


def cache_path(uri):
    return CACHE_DIR / (sha256(uri.encode()).hexdigest()[:16] + ".pkl")


def cached_collect(uri, ttl, refresh=False):
    path = cache_path(uri)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < ttl:
        with path.open("rb") as fh:
            vms = pickle.load(fh)
        log.debug("%s: %d VMs from cache", uri, len(vms))
        return vms
    vms = collect(uri)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        pickle.dump(vms, fh, protocol=pickle.HIGHEST_PROTOCOL)
    log.debug("%s: %d VMs collected", uri, len(vms))
    return vms


def render_table(vms):
    rows = [("HOST", "NAME", "STATE", "VCPU", "MEM", "AUTO", "DISKS")]
    for vm in vms:
        rows.append((vm.host, vm.name, vm.state, str(vm.vcpus), f"{vm.memory_mib}M",
                     "yes" if vm.autostart else "no", ",".join(d["target"] for d in vm.disks)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows)


def render_markdown(vms):
    out = ["| Host | VM | State | vCPU | RAM | Autostart | NICs |", "|---|---|---|---|---|---|---|"]
    for vm in vms:
        nics = "<br>".join(f"{n['mac']} ({n['bridge']})" for n in vm.nics)
        out.append(f"| {vm.host} | {vm.name} | {vm.state} | {vm.vcpus} | "
                   f"{vm.memory_mib} MiB | {'yes' if vm.autostart else 'no'} | {nics} |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Inventory VMs across libvirt hosts.")
    ap.add_argument("-c", "--connect", action="append", dest="uris",
                    help="libvirt URI (repeatable); default qemu:///system")
    ap.add_argument("--ttl", type=int, default=900)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--format", choices=("table", "markdown", "dict"), default="table")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    libvirt.registerErrorHandler(lambda _ctx, _err: None, None)

    vms, failed = [], 0
    for uri in args.uris or ["qemu:///system"]:
        try:
            vms.extend(cached_collect(uri, args.ttl, args.refresh))
        except (libvirt.libvirtError, RuntimeError) as exc:
            log.error("%s: %s", uri, exc)
            failed += 1
    vms.sort(key=lambda v: (v.host, v.name))

    if args.format == "markdown":
        print(render_markdown(vms))
    elif args.format == "dict":
        for vm in vms:
            print(asdict(vm))
    else:
        print(render_table(vms))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
