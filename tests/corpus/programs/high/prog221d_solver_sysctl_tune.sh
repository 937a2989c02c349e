#!/usr/bin/env bash
# solver_sysctl_tune.sh - kernel tuning for the crew pairing solver hosts.
# The column-generation solver opens many memory maps and many local
# connections to its worker pool; defaults are too small on big hosts.
set -euo pipefail

CONF="${CONF:-/etc/sysctl.d/90-pairing-solver.conf}"
APPLY=1
SHOW_ONLY=0

log() { echo "[sysctl-tune] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-apply) APPLY=0 ;;
        --show)     SHOW_ONLY=1 ;;
        --conf)     CONF="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [--show] [--no-apply] [--conf FILE]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
    shift
done

MEM_KB="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"
CPUS="$(nproc)"
export MEM_KB CPUS

# python sizes the values from the host's memory and CPU count
VALUES="$(python3 - <<'PY'
import os
mem_kb = int(os.environ["MEM_KB"])
cpus = int(os.environ["CPUS"])
mem_gb = max(1, mem_kb // (1024 * 1024))
values = {
    "vm.max_map_count": max(262144, mem_gb * 16384),
    "fs.file-max": max(1048576, cpus * 65536),
    "net.core.somaxconn": 4096 if cpus >= 16 else 1024,
    "net.ipv4.ip_local_port_range": "15000 64000",
    "vm.swappiness": 10,
}
for k, v in values.items():
    print(f"{k} = {v}")
PY
)"

log "host: ${CPUS} cpus, $((MEM_KB / 1024)) MiB"
printf '%s\n' "$VALUES" >&2

if (( SHOW_ONLY )); then
    exit 0
fi

current_value() {
    sysctl -n "$1" 2>/dev/null | tr -s '\t ' ' '
}

changed=0
while IFS=' = ' read -r key val; do
    [[ -z "$key" ]] && continue
    cur="$(current_value "$key")"
    if [[ "$cur" != "$val" ]]; then
        log "$key: $cur -> $val"
        changed=$((changed + 1))
    fi
done <<<"$VALUES"

if (( changed == 0 )) && [[ -f "$CONF" ]]; then
    log "no changes needed"
    exit 0
fi

{
    echo "# managed by solver_sysctl_tune.sh on $(hostname) $(date -u +%F)"
    printf '%s\n' "$VALUES"
} | sudo tee "$CONF" >/dev/null
sudo chmod 0644 "$CONF"
log "wrote $CONF"

if (( APPLY )); then
    sudo sysctl -p "$CONF" >&2
    log "applied $changed changed settings"
fi
