#!/usr/bin/env bash
# camera_agent_update.sh - bring the grading-line camera agent up to the
# version the vendor has published for this season.
#
# Run on each grading line PC after the morning calibration.
#   ./camera_agent_update.sh [--channel stable|beta] [--force]

set -euo pipefail

CHANNEL="stable"
FORCE=0
UPDATE_BASE="https://updates.example.com/grading-cam"
STATE_DIR="${HOME}/.local/share/grading-cam"
LOG_FILE="${STATE_DIR}/update.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --channel) CHANNEL="$2"; shift 2 ;;
            --force)   FORCE=1; shift ;;
            -h|--help) usage ;;
            *) echo "unknown option: $1" >&2; usage ;;
        esac
    done
    case "$CHANNEL" in
        stable|beta) ;;
        *) echo "channel must be stable or beta" >&2; exit 2 ;;
    esac
}

installed_version() {
    if [[ -f "${STATE_DIR}/VERSION" ]]; then
        cat "${STATE_DIR}/VERSION"
    else
        echo "0.0.0"
    fi
}

published_version() {
    curl -fsS --max-time 15 "${UPDATE_BASE}/${CHANNEL}/VERSION" || echo ""
}

version_gt() {
    # true if $1 > $2
    [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" && "$1" != "$2" ]]
}

check_line_idle() {
    if pgrep -x grading-cam >/dev/null 2>&1; then
        local fps
        fps=$(cat "${STATE_DIR}/last_fps" 2>/dev/null || echo 0)
        if [[ "$fps" != "0" && $FORCE -eq 0 ]]; then
            log WARN "camera agent is grading (fps=${fps}); use --force to update anyway"
            exit 3
        fi
    fi
}

run_update() {
    log INFO "applying ${CHANNEL} update from ${UPDATE_BASE}"
    curl -fsSL "${UPDATE_BASE}/${CHANNEL}/agent-install.sh" | bash -s -- --quiet
}

main() {
    mkdir -p "$STATE_DIR"
    parse_args "$@"

    local have want
    have=$(installed_version)
    want=$(published_version)
    if [[ -z "$want" ]]; then
        log ERROR "could not reach update server"
        exit 4
    fi
    log INFO "installed=${have} published=${want}"

    if ! version_gt "$want" "$have" && [[ $FORCE -eq 0 ]]; then
        log INFO "already up to date"
        exit 0
    fi

    check_line_idle
    run_update
    echo "$want" > "${STATE_DIR}/VERSION"
    log INFO "camera agent now at ${want}"
}

main "$@"
