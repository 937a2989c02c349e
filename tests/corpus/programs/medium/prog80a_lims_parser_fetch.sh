#!/usr/bin/env bash
# lims_parser_fetch.sh - pull the lab-format parser plugins for the LIMS importer
#
# The QC file server publishes one parser per contract-lab CSV layout
# (ETS, Vinquiry, in-house WineScan) plus a manifest of "name sha256" lines.
# The server still runs the vendor's self-signed certificate, hence the
# certificate option on wget. Plugins are stored under ./plugins and listed
# in plugins.list, which the importer reads on start-up.
#
# Usage: ./lims_parser_fetch.sh [-c channel] [-d plugin_dir] [-n]

set -euo pipefail

PLUGIN_HOST="${PLUGIN_HOST:-https://qc-files.winery.lan}"
CHANNEL="stable"
PLUGIN_DIR="./plugins"
DRY_RUN=0
LOG_FILE="./lims_parser_fetch.log"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die() { log ERROR "$1"; exit "${2:-1}"; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) PLUGIN_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" 2 ;;
    esac
done

fetch() {
    local url="$1" out="$2" tries=0
    until wget -q --no-check-certificate --timeout=20 -O "$out" "$url"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && return 1
        log WARN "retry $tries for $url"
        sleep $((tries * 3))
    done
}

verify() {
    local file="$1" expected="$2" actual
    actual=$(sha256sum "$file" | awk '{print $1}')
    [ "$actual" = "$expected" ]
}

register() {
    local name="$1" list="$PLUGIN_DIR/plugins.list"
    touch "$list"
    grep -qxF "$name" "$list" || echo "$name" >> "$list"
}

main() {
    mkdir -p "$PLUGIN_DIR"
    local manifest="$PLUGIN_DIR/manifest.txt"
    local base="$PLUGIN_HOST/lims/parsers/$CHANNEL"

    log INFO "fetching manifest from $base"
    fetch "$base/manifest.txt" "$manifest" || die "cannot fetch manifest"

    local count=0 failed=0
    while read -r name sha; do
        [ -z "$name" ] && continue
        case "$name" in \#*) continue ;; esac
        local target="$PLUGIN_DIR/$name.py"
        if [ -f "$target" ] && verify "$target" "$sha"; then
            log INFO "$name up to date"
            register "$name"
            continue
        fi
        if [ "$DRY_RUN" -eq 1 ]; then
            log INFO "would fetch $name"
            continue
        fi
        if ! fetch "$base/$name.py" "$target.part"; then
            log ERROR "download failed: $name"; failed=$((failed + 1)); continue
        fi
        if ! verify "$target.part" "$sha"; then
            log ERROR "checksum mismatch: $name"; rm -f "$target.part"; failed=$((failed + 1)); continue
        fi
        mv "$target.part" "$target"
        register "$name"
        count=$((count + 1))
        log INFO "installed $name"
    done < "$manifest"

    log INFO "done: $count updated, $failed failed"
    [ "$failed" -eq 0 ]
}

main "$@"
