#!/usr/bin/env python3
"""Render libvirt domain XML and cloud-init user-data for a fleet of lab VMs.

The fleet is described in a YAML file (fleet.yml).  Custom tags such as
!disk and !mac are supported by the loader so the file can stay terse.
Output goes to ./rendered/<vm>/domain.xml and ./rendered/<vm>/user-data.
"""
import argparse
import hashlib
import logging
import sys
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, DictLoader

log = logging.getLogger("fleet-render")

BUILTIN_TEMPLATES = {
    "domain.xml.j2": """<domain type='kvm'>
  <name>{{ vm.name }}</name>
  <description>{{ vm.description }}</description>
  <memory unit='MiB'>{{ vm.memory }}</memory>
  <vcpu placement='static'>{{ vm.cpus }}</vcpu>
  <os><type arch='x86_64' machine='q35'>hvm</type><boot dev='hd'/></os>
  <devices>
{% for d in vm.disks %}    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='{{ pool }}/{{ d.file }}'/>
      <target dev='{{ d.dev }}' bus='virtio'/>
    </disk>
{% endfor %}    <interface type='network'>
      <source network='{{ vm.network }}'/>
      <mac address='{{ vm.mac }}'/>
      <model type='virtio'/>
    </interface>
  </devices>
</domain>
""",
    "user-data.j2": """#cloud-config
hostname: {{ vm.name }}
fqdn: {{ vm.name }}.{{ domain }}
packages:
{% for p in vm.packages %}  - {{ p }}
{% endfor %}""",
}


class Disk(yaml.YAMLObject):
    yaml_tag = "!disk"

    def __init__(self, file, dev="vda", size="20G"):
        self.file, self.dev, self.size = file, dev, size


def mac_constructor(loader, node):
    seed = loader.construct_scalar(node)
    digest = hashlib.sha256(seed.encode()).hexdigest()
    return "52:54:00:" + ":".join(digest[i:i + 2] for i in (0, 2, 4))


yaml.add_constructor("!mac", mac_constructor)


def load_fleet(path: Path) -> dict:
    with path.open() as fh:
        fleet = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(fleet, dict) or "vms" not in fleet:
        raise ValueError("fleet file needs a top-level 'vms' list")
    return fleet


def normalise(vm: dict, defaults: dict) -> dict:
    merged = {**defaults, **vm}
    merged.setdefault("description", f"lab VM {merged['name']}")
    merged.setdefault("mac", "52:54:00:00:00:01")
    disks = merged.get("disks") or [Disk(f"{merged['name']}.qcow2")]
    merged["disks"] = [d if isinstance(d, Disk) else Disk(**d) for d in disks]
    return merged


def make_env(template_dir: Path | None) -> Environment:
    loader = FileSystemLoader(str(template_dir)) if template_dir else DictLoader(BUILTIN_TEMPLATES)
    return Environment(loader=loader, autoescape=False,
                       trim_blocks=False, keep_trailing_newline=True)


def render_all(fleet: dict, env: Environment, out: Path, only: set) -> int:
    defaults = fleet.get("defaults", {"memory": 2048, "cpus": 2,
                                      "network": "default", "packages": []})
    pool = fleet.get("pool", "/var/lib/libvirt/images")
    domain = fleet.get("domain", "lab.internal")
    count = 0
    for raw in fleet["vms"]:
        vm = normalise(raw, defaults)
        if only and vm["name"] not in only:
            continue
        target = out / vm["name"]
        target.mkdir(parents=True, exist_ok=True)
        for tmpl, fname in (("domain.xml.j2", "domain.xml"), ("user-data.j2", "user-data")):
            text = env.get_template(tmpl).render(vm=vm, pool=pool, domain=domain)
            (target / fname).write_text(text)
        log.info("rendered %s (%d disk(s))", vm["name"], len(vm["disks"]))
        count += 1
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fleet", type=Path, nargs="?", default=Path("fleet.yml"))
    ap.add_argument("--templates", type=Path)
    ap.add_argument("--out", type=Path, default=Path("rendered"))
    ap.add_argument("--only", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        fleet = load_fleet(args.fleet)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read fleet: %s", exc)
        return 1
    n = render_all(fleet, make_env(args.templates), args.out, set(args.only))
    log.info("%d VM(s) rendered into %s", n, args.out)
    return 0 if n else 1


if __name__ == "__main__":
    sys.exit(main())
