#!/usr/bin/env bash
# render_sysctl_tune.sh - kernel settings for render nodes that stream large
# EXR sequences over NFS and run many renderer threads.
#
# Sizes the values from the node's memory, writes them to
# /etc/sysctl.d/90-render.conf and loads them.
set -euo pipefail

CONF="${SYSCTL_CONF:-/etc/sysctl.d/90-render.conf}"
LOG="${TUNE_LOG:-./render_sysctl_tune.log}"
SHOW_ONLY=0
REVERT=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

usage() {
  echo "usage: $0 [-s] [-r]" >&2
  echo "  -s  show the computed settings, change nothing" >&2
  echo "  -r  remove $CONF and reload defaults" >&2
}

while getopts "srh" opt; do
  case "$opt" in
    s) SHOW_ONLY=1 ;;
    r) REVERT=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mem_kb() { awk '/^MemTotal:/ {print $2}' /proc/meminfo; }

# Compute settings in Python; memory size handed in via the environment.
compute_settings() {
  NODE_MEM_KB="$(mem_kb)" NODE_CPUS="$(nproc)" python3 - <<'PY'
import os
mem_kb = int(os.environ["NODE_MEM_KB"])
cpus = int(os.environ["NODE_CPUS"])
mem_gb = mem_kb // (1024 * 1024)
settings = {
    "vm.swappiness": 1,
    "vm.dirty_ratio": 10 if mem_gb >= 128 else 20,
    "vm.dirty_background_ratio": 3 if mem_gb >= 128 else 5,
    "vm.max_map_count": 1048576,
    "kernel.pid_max": max(4194304, cpus * 32768),
    "fs.file-max": 2097152,
    "fs.inotify.max_user_watches": 524288,
    "net.core.rmem_max": 67108864,
    "net.core.wmem_max": 67108864,
    "net.ipv4.tcp_rmem": "4096 87380 67108864",
    "net.ipv4.tcp_wmem": "4096 65536 67108864",
    "sunrpc.tcp_slot_table_entries": 128,
}
print(f"# render node tuning, {mem_gb} GB RAM, {cpus} CPUs")
for key, value in settings.items():
    print(f"{key} = {value}")
PY
}

require_root() {
  if [[ $EUID -ne 0 ]]; then
    log "must run as root to change $CONF"
    exit 1
  fi
}

apply() {
  local content
  content="$(compute_settings)"
  if (( SHOW_ONLY )); then
    echo "$content"
    return
  fi
  require_root
  if [[ -f "$CONF" ]] && diff -q <(echo "$content") "$CONF" >/dev/null; then
    log "$CONF unchanged"
  else
    [[ -f "$CONF" ]] && cp "$CONF" "./$(basename "$CONF").bak"
    printf '%s\n' "$content" > "$CONF"
    chmod 0644 "$CONF"
    log "wrote $CONF"
  fi
  if sysctl -p "$CONF" >/dev/null; then
    log "settings loaded"
  else
    log "sysctl reported errors (some keys may not exist on this kernel)"
  fi
  sysctl vm.swappiness vm.max_map_count fs.file-max | tee -a "$LOG"
}

revert() {
  require_root
  if [[ -f "$CONF" ]]; then
    rm -f "$CONF"
    log "removed $CONF"
  fi
  sysctl --system >/dev/null && log "defaults reloaded"
}

if (( REVERT )); then
  revert
else
  apply
fi
