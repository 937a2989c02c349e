#!/usr/bin/env bash
# Temporarily enable full core dumps so the Acme Studio crash reporter can
# collect them while QA reproduces a crash.  Previous kernel settings are
# saved to ./coredump_saved.env and restored with --restore.
#
#   ./crash_capture_enable.sh            enable capture
#   ./crash_capture_enable.sh --restore  put the old values back
#   ./crash_capture_enable.sh --status   show current settings

set -euo pipefail

SAVE_FILE="./coredump_saved.env"
CRASH_DIR="/var/crash/acme-studio"
CORE_PATTERN="${CRASH_DIR}/core.%e.%p.%t"

# sysctl key -> value to apply while capturing
declare -A WANTED=(
    [kernel.core_pattern]="$CORE_PATTERN"
    [kernel.core_uses_pid]="1"
    [fs.suid_dumpable]="2"
)

log() { printf '[crash-capture] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || die "needs root or sudo"
    SUDO="sudo"
fi

key_to_proc() {
    printf '/proc/sys/%s' "${1//.//}"
}

show_status() {
    local key
    for key in "${!WANTED[@]}"; do
        printf '%-24s %s\n' "$key" "$(cat "$(key_to_proc "$key")" 2>/dev/null || echo '?')"
    done
    printf '%-24s %s\n' "ulimit -c (this shell)" "$(ulimit -c)"
}

save_current() {
    if [[ -f "$SAVE_FILE" ]]; then
        log "$SAVE_FILE exists; keeping the originally saved values"
        return
    fi
    local key
    : > "$SAVE_FILE"
    for key in "${!WANTED[@]}"; do
        printf '%s\t%s\n' "$key" "$(cat "$(key_to_proc "$key")")" >> "$SAVE_FILE"
    done
    chmod 600 "$SAVE_FILE"
    log "saved current values to $SAVE_FILE"
}

apply_wanted() {
    local key
    $SUDO install -d -m 1777 "$CRASH_DIR"
    for key in "${!WANTED[@]}"; do
        if [[ "$key" == kernel.core_pattern ]]; then
            # write through /proc/sys directly: some sysctl builds mangle '%'
            printf '%s\n' "${WANTED[$key]}" | $SUDO tee "$(key_to_proc "$key")" >/dev/null
        else
            $SUDO sysctl -q -w "${key}=${WANTED[$key]}"
        fi
        log "set $key=${WANTED[$key]}"
    done
}

restore_saved() {
    [[ -f "$SAVE_FILE" ]] || die "nothing saved in $SAVE_FILE"
    local key value
    while IFS=$'\t' read -r key value; do
        [[ -n "$key" ]] || continue
        [[ -n "${WANTED[$key]+x}" ]] || { log "ignoring unknown key $key"; continue; }
        printf '%s\n' "$value" | $SUDO tee "$(key_to_proc "$key")" >/dev/null
        log "restored $key=$value"
    done < "$SAVE_FILE"
    rm -f "$SAVE_FILE"
}

case "${1:-}" in
    --status)
        show_status
        ;;
    --restore)
        restore_saved
        show_status
        ;;
    ""|--enable)
        save_current
        apply_wanted
        log "core dumps will be written to $CRASH_DIR"
        log "remember: run 'ulimit -c unlimited' in the shell that starts Acme Studio"
        show_status
        ;;
    *)
        die "unknown option: $1"
        ;;
esac
