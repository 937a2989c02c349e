#!/usr/bin/env bash
# scorepad_updater.sh
#
# Keeps the ScorePad annotation tool on the librarian laptops current.
# Compares the installed version with the one published by the vendor and,
# when they differ, pulls the vendor's installer and runs it so that the
# section leaders' bowing and cue annotations keep syncing.
#
# Usage: scorepad_updater.sh [--check-only] [--channel stable|beta]

set -uo pipefail

VENDOR_BASE="https://updates.example.net/scorepad"
CHANNEL="stable"
CHECK_ONLY=0
STATE_DIR="./.scorepad"
VERSION_FILE="$STATE_DIR/installed_version"
LOG_FILE="$STATE_DIR/updater.log"

log() {
    local level="$1"; shift
    printf '%s %-5s %s\n' "$(date -Iseconds)" "$level" "$*" >> "$LOG_FILE"
    printf '%-5s %s\n' "$level" "$*" >&2
}

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --check-only) CHECK_ONLY=1 ;;
            --channel)
                shift
                CHANNEL="${1:-stable}"
                ;;
            -h|--help)
                sed -n '2,11p' "$0"
                exit 0
                ;;
            *)
                echo "unknown option: $1" >&2
                exit 1
                ;;
        esac
        shift
    done
    case "$CHANNEL" in
        stable|beta) ;;
        *) echo "channel must be stable or beta" >&2; exit 1 ;;
    esac
}

installed_version() {
    if [ -f "$VERSION_FILE" ]; then
        cat "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

published_version() {
    curl -fsS --max-time 15 "$VENDOR_BASE/$CHANNEL/LATEST" | tr -d '[:space:]'
}

run_installer() {
    local target="$1"
    log INFO "installing ScorePad $target from $CHANNEL channel"
    # Vendor installer handles the upgrade in place.
    if curl -fsSL --max-time 60 "$VENDOR_BASE/$CHANNEL/install.sh" | bash -s -- --quiet; then
        echo "$target" > "$VERSION_FILE"
        log INFO "ScorePad now at $target"
    else
        log ERROR "installer failed; annotations may not sync until fixed"
        return 1
    fi
}

main() {
    parse_args "$@"
    mkdir -p "$STATE_DIR"

    local current latest
    current=$(installed_version)
    if ! latest=$(published_version); then
        log ERROR "could not reach $VENDOR_BASE"
        exit 2
    fi
    if [ -z "$latest" ]; then
        log ERROR "vendor returned an empty version string"
        exit 2
    fi

    log INFO "installed=$current published=$latest channel=$CHANNEL"
    if [ "$current" = "$latest" ]; then
        log INFO "ScorePad is up to date"
        exit 0
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        log INFO "update available ($current -> $latest); check-only mode"
        exit 0
    fi
    run_installer "$latest"
}

main "$@"
