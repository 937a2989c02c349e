#!/usr/bin/env python3
"""Import an OVA appliance exported from VirtualBox/VMware into qcow2.

The OVA is unpacked into ./import/<name>/, the OVF descriptor is read for
CPU/memory/disk information, each VMDK is converted to qcow2 with qemu-img,
and a minimal libvirt domain XML is written next to the disks.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

log = logging.getLogger("ova-import")

NS = {
    "ovf": "http://schemas.dmtf.org/ovf/envelope/1",
    "rasd": "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData",
}
RES_CPU, RES_MEM = "3", "4"

DOMAIN_TMPL = """<domain type='kvm'>
  <name>{name}</name>
  <memory unit='MiB'>{mem}</memory>
  <vcpu>{cpus}</vcpu>
  <os><type arch='x86_64' machine='q35'>hvm</type></os>
  <devices>
{disks}    <interface type='user'><model type='virtio'/></interface>
    <graphics type='spice' autoport='yes' listen='127.0.0.1'/>
  </devices>
</domain>
"""


def unpack(ova: Path, dest: Path) -> list:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(ova) as tar:
        members = tar.getnames()
        tar.extractall(path=dest)
    log.info("unpacked %d members into %s", len(members), dest)
    return members


def read_ovf(ovf_path: Path) -> dict:
    tree = ET.parse(ovf_path)
    root = tree.getroot()
    files = {
        f.get(f"{{{NS['ovf']}}}id"): f.get(f"{{{NS['ovf']}}}href")
        for f in root.iterfind("ovf:References/ovf:File", NS)
    }
    cpus, mem = 1, 1024
    for item in root.iter(f"{{{NS['ovf']}}}Item"):
        rtype = item.findtext("rasd:ResourceType", default="", namespaces=NS)
        qty = item.findtext("rasd:VirtualQuantity", default="0", namespaces=NS)
        if rtype == RES_CPU:
            cpus = int(qty)
        elif rtype == RES_MEM:
            mem = int(qty)
    name = root.findtext("ovf:VirtualSystem/ovf:Name", default=ovf_path.stem, namespaces=NS)
    return {"name": name, "cpus": cpus, "mem": mem, "files": files}


def convert(vmdk: Path, out: Path, compress: bool) -> None:
    cmd = ["qemu-img", "convert", "-p", "-f", "vmdk", "-O", "qcow2"]
    if compress:
        cmd.append("-c")
    cmd += [str(vmdk), str(out)]
    log.info("running: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)
    info = subprocess.run(["qemu-img", "info", "--output=json", str(out)],
                          capture_output=True, text=True, check=True)
    log.debug("qemu-img info: %s", info.stdout)


def disk_xml(paths) -> str:
    out = []
    for i, p in enumerate(paths):
        dev = "vd" + chr(ord("a") + i)
        out.append(
            "    <disk type='file' device='disk'>\n"
            f"      <driver name='qemu' type='qcow2'/>\n"
            f"      <source file='{p.resolve()}'/>\n"
            f"      <target dev='{dev}' bus='virtio'/>\n"
            "    </disk>\n")
    return "".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description="OVA -> qcow2 importer")
    ap.add_argument("ova", type=Path)
    ap.add_argument("--workdir", type=Path, default=Path("import"))
    ap.add_argument("--compress", action="store_true")
    ap.add_argument("--keep-vmdk", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if shutil.which("qemu-img") is None:
        log.error("qemu-img not found in PATH")
        return 2

    dest = args.workdir / args.ova.stem
    try:
        members = unpack(args.ova, dest)
    except (tarfile.TarError, OSError) as exc:
        log.error("cannot unpack %s: %s", args.ova, exc)
        return 1

    ovf_name = next((m for m in members if m.endswith(".ovf")), None)
    if ovf_name is None:
        log.error("no .ovf descriptor inside %s", args.ova)
        return 1
    spec = read_ovf(dest / ovf_name)
    log.info("appliance %s: %d vCPU, %d MiB", spec["name"], spec["cpus"], spec["mem"])

    qcow2_paths = []
    for href in spec["files"].values():
        if not href or not href.lower().endswith(".vmdk"):
            continue
        src = dest / href
        out = src.with_suffix(".qcow2")
        try:
            convert(src, out, args.compress)
        except subprocess.CalledProcessError as exc:
            log.error("conversion of %s failed (rc=%s)", src, exc.returncode)
            return 1
        qcow2_paths.append(out)
        if not args.keep_vmdk:
            src.unlink()

    xml_path = dest / f"{spec['name']}.xml"
    xml_path.write_text(DOMAIN_TMPL.format(name=spec["name"], mem=spec["mem"],
                                           cpus=spec["cpus"], disks=disk_xml(qcow2_paths)))
    log.info("domain XML written to %s", xml_path)
    log.info("define it with: virsh --connect qemu:///session define %s", xml_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
