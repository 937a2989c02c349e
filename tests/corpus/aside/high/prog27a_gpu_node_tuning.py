#!/usr/bin/env python3
"""Prepare GPU nodes for a benchmarking campaign.

Enables NVIDIA persistence mode, pins application clocks and sets a power
limit on every GPU so that benchmark timings are reproducible. Requires
sudo rights on the node (granted to the benchmarking group).
"""
import argparse
import json
import subprocess
import sys
import time

DEFAULT_MEM_CLOCK = 1215
DEFAULT_SM_CLOCK = 1410
DEFAULT_POWER_W = 300


def gpu_indices():
    out = subprocess.check_output(
        ["nvidia-smi", "--query-gpu=index", "--format=csv,noheader"],
        text=True)
    return [int(x) for x in out.split()]


def sudo_smi(*args):
    cmd = ["sudo", "-n", "nvidia-smi", *args]
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True)


def current_state(idx):
    out = subprocess.check_output(
        ["nvidia-smi", "-i", str(idx),
         "--query-gpu=persistence_mode,clocks.applications.graphics,"
         "clocks.applications.memory,power.limit",
         "--format=csv,noheader,nounits"], text=True)
    pm, sm, mem, pwr = [v.strip() for v in out.split(",")]
    return {"persistence": pm, "sm_clock": sm, "mem_clock": mem,
            "power_limit": pwr}


def configure(idx, mem_clock, sm_clock, power):
    sudo_smi("-i", str(idx), "-pm", "1")
    sudo_smi("-i", str(idx), "-ac", f"{mem_clock},{sm_clock}")
    sudo_smi("-i", str(idx), "-pl", str(power))


def reset(idx):
    sudo_smi("-i", str(idx), "-rac")
    sudo_smi("-i", str(idx), "-pm", "0")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mem-clock", type=int, default=DEFAULT_MEM_CLOCK)
    ap.add_argument("--sm-clock", type=int, default=DEFAULT_SM_CLOCK)
    ap.add_argument("--power", type=int, default=DEFAULT_POWER_W)
    ap.add_argument("--reset", action="store_true",
                    help="restore default clocks and disable persistence")
    ap.add_argument("--state-file", default="gpu_tuning_state.json")
    args = ap.parse_args()

    indices = gpu_indices()
    if not indices:
        print("no GPUs found", file=sys.stderr)
        return 1

    before = {i: current_state(i) for i in indices}
    for i in indices:
        if args.reset:
            reset(i)
        else:
            configure(i, args.mem_clock, args.sm_clock, args.power)
    time.sleep(1)
    after = {i: current_state(i) for i in indices}

    with open(args.state_file, "w") as fh:
        json.dump({"before": before, "after": after,
                   "timestamp": time.time()}, fh, indent=2)
    for i in indices:
        print(f"GPU {i}: {before[i]} -> {after[i]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
