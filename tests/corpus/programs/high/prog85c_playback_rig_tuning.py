#!/usr/bin/env python3
"""Pre-show tuning for the audio playback machines.

Looks at the things that cause dropouts during a show -- CPU frequency
scaling, swappiness, the kernel flavour, audio interfaces seen by ALSA --
brings them in line with the rig profile and writes a report next to the
show so the sound No.1 can sign it off before the house opens.
"""
import argparse
import json
import logging
import platform
import subprocess
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("rig_tuning")

CPU_ROOT = Path("/sys/devices/system/cpu")
SWAPPINESS = Path("/proc/sys/vm/swappiness")
ALSA_CARDS = Path("/proc/asound/cards")


@dataclass
class Finding:
    item: str
    current: str
    wanted: str
    ok: bool
    path: str = ""


@dataclass
class RigReport:
    host: str
    distro: str
    kernel: str
    cpu_model: str
    findings: list = field(default_factory=list)

    @property
    def passed(self):
        return all(f.ok for f in self.findings)


def read_text(path, default=""):
    try:
        return Path(path).read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
        return default


def os_release_name():
    for line in read_text("/etc/os-release").splitlines():
        if line.startswith("PRETTY_NAME="):
            return line.split("=", 1)[1].strip('"')
    return "unknown"


def cpu_model():
    for line in read_text("/proc/cpuinfo").splitlines():
        if line.lower().startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def governors():
    for gov in sorted(CPU_ROOT.glob("cpu[0-9]*/cpufreq/scaling_governor")):
        yield gov.parent.parent.name, gov


def check_rig(profile):
    report = RigReport(host=platform.node(), distro=os_release_name(),
                       kernel=platform.release(), cpu_model=cpu_model())

    want_gov = profile["governor"]
    for cpu, path in governors():
        cur = read_text(path, "n/a")
        report.findings.append(Finding(f"{cpu} governor", cur, want_gov, cur == want_gov, str(path)))

    cur_swap = read_text(SWAPPINESS, "n/a")
    want_swap = str(profile["swappiness"])
    report.findings.append(Finding("vm.swappiness", cur_swap, want_swap,
                                   cur_swap.isdigit() and int(cur_swap) <= int(want_swap),
                                   str(SWAPPINESS)))

    rt = "PREEMPT_RT" in platform.version() or "-rt" in platform.release()
    report.findings.append(Finding("realtime kernel", str(rt), "True", rt or not profile["require_rt"]))

    cards = read_text(ALSA_CARDS)
    wanted_iface = profile["interface"]
    report.findings.append(Finding("audio interface", wanted_iface if wanted_iface in cards else "missing",
                                   wanted_iface, wanted_iface in cards))
    return report


def write_knob(path, value):
    """Write a kernel tunable, going through sudo tee when not running as root."""
    try:
        with open(path, "w") as fh:
            fh.write(value)
        return True
    except PermissionError:
        res = subprocess.run(["sudo", "-n", "tee", path], input=value.encode(),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if res.returncode != 0:
            log.warning("could not set %s: %s", path, res.stderr.decode().strip())
        return res.returncode == 0


def apply_fixes(report):
    changed = 0
    for f in report.findings:
        if f.ok or not f.path:
            continue
        if write_knob(f.path, f.wanted):
            log.info("set %s -> %s", f.item, f.wanted)
            f.current, f.ok = f.wanted, True
            changed += 1
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description="tune a playback machine before the show")
    ap.add_argument("--profile", default="rig_profile.json", help="wanted settings")
    ap.add_argument("--report", default="rig_report.json")
    ap.add_argument("--no-apply", dest="apply", action="store_false",
                    help="only report, do not change anything")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = {"governor": "performance", "swappiness": 10, "require_rt": False,
               "interface": "Fireface"}
    if Path(args.profile).is_file():
        profile.update(json.loads(Path(args.profile).read_text()))

    report = check_rig(profile)
    if args.apply:
        log.info("%d settings changed", apply_fixes(report))
    for f in report.findings:
        mark = "OK " if f.ok else "FIX"
        log.info("[%s] %-18s current=%-12s wanted=%s", mark, f.item, f.current, f.wanted)

    Path(args.report).write_text(json.dumps(asdict(report) | {"passed": report.passed}, indent=2))
    log.info("report written to %s", args.report)
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
