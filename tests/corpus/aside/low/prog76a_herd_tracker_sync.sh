#!/bin/bash
# herd_tracker_sync.sh
# Nightly pull of the herd roster from HerdTrack cloud, a quick summary for
# the large-animal vets, and a refresh of the breed reference table used to
# flag animals that are under the expected weight for their age.
#
# Needs: HERDTRACK_TOKEN in the environment, wget, awk.
set -eu

API="${HERDTRACK_API:-https://api.herdtrack.example/v3}"
REFERENCE_URL="${HERDTRACK_REFERENCE:-https://static.herdtrack.example/breed_weights.csv}"
DATA_DIR="./herd_data"
REF_DIR="./reference"
REF_FILE="./reference/breed_weights.csv"
HERDS=()
QUIET=0

die() { echo "error: $*" >&2; exit 1; }
say() { [ "$QUIET" -eq 1 ] || echo "[$(date +%H:%M:%S)] $*"; }

parse_args() {
    while getopts "h:d:q" opt; do
        case "$opt" in
            h) HERDS+=("$OPTARG") ;;
            d) DATA_DIR="$OPTARG" ;;
            q) QUIET=1 ;;
            *) echo "usage: $0 -h HERD_ID [-h HERD_ID ...] [-d dir] [-q]"; exit 1 ;;
        esac
    done
    [ "${#HERDS[@]}" -gt 0 ] || die "at least one -h HERD_ID is required"
    [ -n "${HERDTRACK_TOKEN:-}" ] || die "HERDTRACK_TOKEN is not set"
}

fetch_roster() {
    local herd="$1" out="$DATA_DIR/${herd}_$(date +%F).csv"
    if wget -q --timeout=30 --tries=3 \
            --header="Authorization: Token $HERDTRACK_TOKEN" \
            -O "$out.part" "$API/herds/$herd/animals.csv"; then
        mv "$out.part" "$out"
        echo "$out"
    else
        rm -f "$out.part"
        return 1
    fi
}

summarise() {
    # columns: tag,species,sex,dob,weight_kg,last_treatment,withdrawal_until
    awk -F, -v today="$(date +%F)" '
        NR == 1 { next }
        { n++; w += $5; by_sex[$3]++ }
        $7 != "" && $7 >= today { held++ }
        END {
            printf "  head: %d  mean weight: %.1f kg  in withdrawal: %d\n", n, (n ? w / n : 0), held
            for (s in by_sex) printf "  %s: %d\n", s, by_sex[s]
        }' "$1"
}

refresh_reference() {
    mkdir -p "$REF_DIR"
    # only re-download when the server copy is newer than ours
    if wget -q --timeout=30 -N -P "$REF_DIR" "$REFERENCE_URL"; then
        say "breed reference table up to date ($(wc -l < "$REF_FILE") rows)"
    else
        say "reference table unreachable, keeping local copy"
    fi
}

flag_underweight() {
    local csv="$1"
    [ -f "$REF_FILE" ] || return 0
    # reference columns: species,age_months,min_weight_kg
    awk -F, -v now="$(date +%s)" '
        FNR == 1 { next }
        NR == FNR { min[$1 "," $2] = $3; next }
        {
            split($4, d, "-")
            age = int((now - mktime(d[1] " " d[2] " " d[3] " 0 0 0")) / 2629800)
            key = $2 "," age
            if ((key in min) && $5 < min[key])
                printf "  underweight: %s (%s, %d mo, %.1f kg < %.1f)\n", $1, $2, age, $5, min[key]
        }' "$REF_FILE" "$csv"
}

main() {
    parse_args "$@"
    mkdir -p "$DATA_DIR"
    refresh_reference

    local herd csv rc=0
    for herd in "${HERDS[@]}"; do
        say "fetching herd $herd"
        if csv="$(fetch_roster "$herd")"; then
            say "herd $herd:"
            summarise "$csv"
            flag_underweight "$csv"
        else
            echo "warning: could not fetch herd $herd" >&2
            rc=1
        fi
    done

    find "$DATA_DIR" -name '*.csv' -mtime +30 -delete
    exit "$rc"
}

main "$@"
