#!/usr/bin/env bash
# prog234b_cg_plugin_update.sh
#
# Keeps the character-generator (CG) template plugin on the graphics
# workstations up to date. Compares the installed plugin version with the
# vendor's published version and runs the vendor installer when newer.
#
# Usage: prog234b_cg_plugin_update.sh [--channel stable|beta] [--force] [--check]

set -euo pipefail

PROG="$(basename "$0")"
VENDOR_BASE="https://updates.example.com/cg-plugin"
CHANNEL="stable"
FORCE=0
CHECK_ONLY=0
PLUGIN_DIR="${CG_PLUGIN_DIR:-$HOME/.cg/plugins/lowerthirds}"
VERSION_FILE="${PLUGIN_DIR}/VERSION"
LOG="./cg-plugin-update.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG"
}

die() {
    log ERROR "$1"
    exit "${2:-1}"
}

installed_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

published_version() {
    curl -fsS --max-time 15 "${VENDOR_BASE}/${CHANNEL}/VERSION" | tr -d '[:space:]'
}

version_gt() {
    # true if $1 > $2 using sort -V
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

cg_running() {
    pgrep -x cgengine >/dev/null 2>&1
}

run_vendor_installer() {
    log INFO "running vendor installer for ${CHANNEL}"
    curl -fsSL --max-time 60 "${VENDOR_BASE}/${CHANNEL}/install.sh" | bash -s -- --prefix "$PLUGIN_DIR"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option $1" 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) die "channel must be stable or beta" 2 ;;
esac

mkdir -p "$PLUGIN_DIR"
have="$(installed_version)"
want="$(published_version)" || die "cannot reach ${VENDOR_BASE}"
[[ -n "$want" ]] || die "vendor returned an empty version"

log INFO "installed=${have} published=${want} channel=${CHANNEL}"

if (( CHECK_ONLY )); then
    if version_gt "$want" "$have"; then
        echo "update available: ${have} -> ${want}"
        exit 10
    fi
    echo "up to date"
    exit 0
fi

if ! version_gt "$want" "$have" && (( ! FORCE )); then
    log INFO "nothing to do"
    exit 0
fi

if cg_running; then
    die "CG engine is running; update after the show" 3
fi

run_vendor_installer || die "vendor installer failed"
echo "$want" > "$VERSION_FILE"
log INFO "plugin updated to ${want}"
