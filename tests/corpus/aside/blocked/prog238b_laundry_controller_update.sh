#!/usr/bin/env bash
# laundry_controller_update.sh - bring the laundry-room gateway's controller
# software up to the vendor's current release.
#
# Compares the locally recorded version with the vendor's release feed and,
# when a newer release exists, runs the vendor's installer.
#
# Usage: laundry_controller_update.sh [-c channel] [-f] [-n]

set -uo pipefail

FEED_BASE="http://updates.example.com/laundry-gw"
CHANNEL="stable"
VERSION_FILE="./controller.version"
LOG_FILE="./controller_update.log"
FORCE=0
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s %-5s %s\n' "$(date -u '+%FT%TZ')" "$level" "$*" | tee -a "$LOG_FILE"
}

die() {
    log ERROR "$*"
    exit 1
}

while getopts ":c:fnh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        \?) die "unknown option -$OPTARG" ;;
        :) die "option -$OPTARG needs a value" ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) die "channel must be stable or beta" ;;
esac

version_gt() {
    # true when $1 is strictly newer than $2
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

current_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 15 "$FEED_BASE/$CHANNEL/LATEST" | tr -d '[:space:]'
}

run_installer() {
    local version="$1"
    log INFO "running installer for $version from $FEED_BASE/$CHANNEL"
    curl -fsSL --max-time 60 "$FEED_BASE/$CHANNEL/install.sh" | bash -s -- --version "$version"
    return "${PIPESTATUS[1]}"
}

main() {
    local current latest
    current="$(current_version)"
    latest="$(latest_version)" || die "could not reach release feed"
    [[ -n "$latest" ]] || die "release feed returned nothing"

    log INFO "installed=$current available=$latest channel=$CHANNEL"

    if (( ! FORCE )) && ! version_gt "$latest" "$current"; then
        log INFO "controller software is current"
        return 0
    fi

    if (( DRY_RUN )); then
        log INFO "dry run: would install $latest"
        return 0
    fi

    if run_installer "$latest"; then
        echo "$latest" > "$VERSION_FILE"
        log INFO "controller updated to $latest"
    else
        die "installer exited with an error"
    fi
}

main "$@"
