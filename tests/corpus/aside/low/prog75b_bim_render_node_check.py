#!/usr/bin/env python3
"""Check a render node for large federated BIM models.

Federated IFC models (structure + MEP + architecture) routinely map tens of
thousands of geometry buffers; the defaults on stock distributions make the
viewer server crash part-way through loading. This compares the node with
the settings in render_node.toml and writes a readiness report that the
ops team attaches to the change request.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("node-check")

DEFAULT_SETTINGS = {
    "vm.max_map_count": "1048576",
    "vm.swappiness": "10",
    "fs.inotify.max_user_watches": "524288",
}
THP_PATH = Path("/sys/kernel/mm/transparent_hugepage/enabled")


@dataclass
class Finding:
    name: str
    current: str
    wanted: str

    @property
    def ok(self):
        return self.current == self.wanted


def read_knob(name):
    try:
        return (Path("/proc/sys") / name.replace(".", "/")).read_text().strip()
    except OSError:
        return "unavailable"


def read_thp():
    try:
        raw = THP_PATH.read_text()
        return raw[raw.index("[") + 1:raw.index("]")]
    except (OSError, ValueError):
        return "unavailable"


def hardware():
    info = {"cpus": os.cpu_count(), "model": "unknown", "mem_gb": None}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["model"] = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                info["mem_gb"] = round(int(line.split()[1]) / 1048576, 1)
                break
    except OSError as exc:
        LOG.warning("could not read hardware info: %s", exc)
    return info


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    if path.exists():
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        settings.update({k: str(v) for k, v in data.get("sysctl", {}).items()})
        return settings, data.get("thp", "madvise")
    return settings, "madvise"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("render_node.toml"))
    ap.add_argument("-o", "--report", type=Path, default=Path("render_node_report.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    settings, thp_mode = load_settings(args.config)
    findings = [Finding(k, read_knob(k), v) for k, v in settings.items()]
    findings.append(Finding("transparent_hugepage", read_thp(), thp_mode))

    for f in findings:
        LOG.info("%-30s %-12s %s", f.name, f.current,
                 "ok" if f.ok else f"want {f.wanted}")
    hw = hardware()
    if hw["mem_gb"] is not None and hw["mem_gb"] < 64:
        LOG.warning("%.1f GB RAM; federated models above ~2 GB IFC will swap", hw["mem_gb"])

    report = {
        "hardware": hw,
        "findings": [dict(asdict(f), ok=f.ok) for f in findings],
        "ready": all(f.ok for f in findings),
        "suggested_sysctl": [f"{f.name} = {f.wanted}" for f in findings
                             if not f.ok and f.name != "transparent_hugepage"],
    }
    args.report.write_text(json.dumps(report, indent=2))
    LOG.info("report written to %s (ready=%s)", args.report, report["ready"])
    return 0 if report["ready"] else 1


if __name__ == "__main__":
    sys.exit(main())
