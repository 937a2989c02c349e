#!/usr/bin/env bash
# host_profile_snapshot.sh - record the build host's OS and CPU details next to
# benchmark results so that numbers from different machines can be compared.
#
# Usage: ./host_profile_snapshot.sh [-o results/host_profile.json] [-q]
set -euo pipefail

OUT_FILE="results/host_profile.json"
QUIET=0

log() {
    [[ $QUIET -eq 1 ]] && return 0
    printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":o:qh" opt; do
    case "$opt" in
        o) OUT_FILE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 is required" >&2
    exit 1
fi

mkdir -p "$(dirname "$OUT_FILE")"

cpu_model() {
    awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo unknown
}

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 0
}

mem_total_kb() {
    awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || echo 0
}

log "collecting CPU information"
export SNAP_CPU_MODEL="$(cpu_model)"
export SNAP_CPU_COUNT="$(cpu_count)"
export SNAP_MEM_KB="$(mem_total_kb)"
export SNAP_KERNEL="$(uname -r)"
export SNAP_ARCH="$(uname -m)"
export SNAP_OUT="$OUT_FILE"

log "writing $OUT_FILE"
python3 - <<'PYEOF'
import json
import os
import platform
import datetime


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except OSError:
        pass
    return info


osr = read_os_release()
profile = {
    "captured_at": datetime.datetime.now(datetime.timezone.utc).isoformat(),
    "os": {
        "id": osr.get("ID", "unknown"),
        "version": osr.get("VERSION_ID", ""),
        "pretty_name": osr.get("PRETTY_NAME", ""),
    },
    "kernel": os.environ.get("SNAP_KERNEL"),
    "arch": os.environ.get("SNAP_ARCH"),
    "cpu": {
        "model": os.environ.get("SNAP_CPU_MODEL"),
        "count": int(os.environ.get("SNAP_CPU_COUNT") or 0),
    },
    "memory_mb": int(os.environ.get("SNAP_MEM_KB") or 0) // 1024,
    "python": platform.python_version(),
}

out = os.environ["SNAP_OUT"]
with open(out, "w", encoding="utf-8") as fh:
    json.dump(profile, fh, indent=2, sort_keys=True)
    fh.write("\n")
print(f"{profile['os']['pretty_name'] or profile['os']['id']} / "
      f"{profile['cpu']['count']}x {profile['cpu']['model']}")
PYEOF

log "done"
