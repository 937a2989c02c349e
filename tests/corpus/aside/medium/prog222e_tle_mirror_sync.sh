#!/usr/bin/env bash
# TLE mirror sync for the tracking console.
# Pulls the element sets for the tracked catalogue from the agency's
# internal orbit mirror and installs them into ./tle for the antenna
# pointing software. The mirror uses a self-signed certificate.
set -euo pipefail

PROG=${0##*/}
MIRROR=${TLE_MIRROR:-orbits.example.com}
GROUPS_FILE=${GROUPS_FILE:-./tle_groups.txt}
DEST=${DEST:-./tle}
STAGE=/tmp/tle_stage
MAX_AGE_H=${MAX_AGE_H:-6}
VERBOSE=0

log() { printf '%s %s\n' "$(date -u +%T)" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

usage() { echo "usage: $PROG [-v] [-m mirror] [-g groups_file]"; }

while getopts "vm:g:h" o; do
    case $o in
        v) VERBOSE=1 ;;
        m) MIRROR=$OPTARG ;;
        g) GROUPS_FILE=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# transfer options for the mirror; cert is self-signed so skip the chain check
CURL_OPTS=(--silent --show-error --fail --max-time 30 --retry 2 --insecure)

default_groups() {
    printf '%s\n' stations weather noaa goes resource amateur
}

groups() {
    if [ -f "$GROUPS_FILE" ]; then
        grep -v '^\s*#' "$GROUPS_FILE" | sed '/^\s*$/d'
    else
        default_groups
    fi
}

fresh() {
    local f=$1
    [ -f "$f" ] || return 1
    local age=$(( ( $(date +%s) - $(stat -c %Y "$f") ) / 3600 ))
    [ "$age" -lt "$MAX_AGE_H" ]
}

valid_tle() {
    # every element set is three lines; line 1 and 2 start with 1 and 2
    awk 'NR%3==2 && $1!="1"{bad=1} NR%3==0 && $1!="2"{bad=1} END{exit bad}' "$1" \
        && [ $(( $(wc -l <"$1") % 3 )) -eq 0 ]
}

fetch_group() {
    local g=$1 url out
    url="https://${MIRROR}/elements/gp.php?GROUP=${g}&FORMAT=tle"
    out="$STAGE/$g.txt"
    if curl "${CURL_OPTS[@]}" -o "$out" "$url"; then
        vlog "fetched $g ($(wc -l <"$out") lines)"
    else
        log "fetch failed for $g"
        rm -f "$out"
        return 1
    fi
}

main() {
    mkdir -p "$STAGE" "$DEST"
    local g failed=0 installed=0
    while read -r g; do
        if fresh "$DEST/$g.txt"; then
            vlog "$g is fresh, skipping"
            continue
        fi
        fetch_group "$g" || { failed=$((failed + 1)); continue; }
        if valid_tle "$STAGE/$g.txt"; then
            mv -f "$STAGE/$g.txt" "$DEST/$g.txt"
            installed=$((installed + 1))
        else
            log "$g: malformed element set, keeping previous"
            failed=$((failed + 1))
        fi
    done < <(groups)
    log "installed=$installed failed=$failed"
    [ "$failed" -eq 0 ]
}

main
