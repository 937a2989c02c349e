#!/usr/bin/env bash
# timestamp_plugin_update.sh - keep the RFC 3161 timestamping plugin current.
#
# The signing client uses a vendor plugin to request qualified timestamps
# for every notarial deed. The vendor publishes a version manifest and an
# installer script; this checks the installed version and applies updates.

set -euo pipefail

VENDOR_BASE="${VENDOR_BASE:-https://updates.example.com/tsa-plugin}"
PLUGIN_DIR="${PLUGIN_DIR:-$HOME/.local/share/notary-signer/plugins/tsa}"
STATE_FILE="$PLUGIN_DIR/VERSION"
LOG="${LOG:-./tsa_plugin_update.log}"
CHANNEL="stable"
FORCE=0

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG" >&2; }

usage() {
    echo "usage: $0 [-c stable|beta] [-f]" >&2
    exit 1
}

while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        *) usage ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel $CHANNEL"; exit 1 ;;
esac

installed_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$VENDOR_BASE/$CHANNEL/latest.txt" | head -n1 | tr -d '[:space:]'
}

version_gt() {
    # true if $1 > $2
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

apply_update() {
    local version="$1"
    log INFO "running vendor installer for $version"
    mkdir -p "$PLUGIN_DIR"
    curl -fsSL --max-time 60 "$VENDOR_BASE/$CHANNEL/install.sh" \
        | PLUGIN_DIR="$PLUGIN_DIR" PLUGIN_VERSION="$version" bash -s -- --quiet
    echo "$version" >"$STATE_FILE"
    log INFO "plugin updated to $version"
}

main() {
    local have want
    have="$(installed_version)"
    if ! want="$(remote_version)"; then
        log ERROR "could not reach $VENDOR_BASE"
        exit 2
    fi
    if [[ -z "$want" ]]; then
        log ERROR "empty version manifest"
        exit 2
    fi
    log INFO "installed=$have available=$want channel=$CHANNEL"
    if [[ "$FORCE" -eq 1 ]] || version_gt "$want" "$have"; then
        apply_update "$want"
    else
        log INFO "already up to date"
    fi
}

main
