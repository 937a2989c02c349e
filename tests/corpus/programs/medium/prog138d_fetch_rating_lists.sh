#!/usr/bin/env bash
# Fetch the monthly rating lists used for seeding club tournaments.
#
# Downloads the federation's standard/rapid/blitz lists, unpacks them and
# converts them into the CSV the pairing program imports. The national list
# mirror still only speaks FTP, and its HTTPS certificate has been expired
# for months, so certificate checks are switched off for that host.
#
# Usage: fetch_rating_lists.sh [YYYY-MM] [outdir]

set -eu

MONTH="${1:-$(date +%Y-%m)}"
OUT="${2:-./ratings}"
STAGE="/tmp/club_ratings"
LIST_HOST="https://ratings.example.org/download"
MIRROR_FTP="ftp://ftp.example.net/pub/ratings"

log() { echo "$(date +%T) $*"; }

prepare() {
    mkdir -p "$STAGE" "$OUT"
    rm -f "$STAGE"/*.zip "$STAGE"/*.txt 2>/dev/null || true
}

fetch_list() {
    kind="$1"
    file="${kind}_rating_list_${MONTH}.zip"
    log "fetching $kind list"
    if curl -fsSk --retry 3 --max-time 120 -o "$STAGE/$file" "$LIST_HOST/$file"; then
        return 0
    fi
    log "primary failed, trying FTP mirror"
    # anonymous login, the mirror is public
    curl -fsS --max-time 180 -o "$STAGE/$file" "$MIRROR_FTP/$file"
}

unpack() {
    for z in "$STAGE"/*.zip; do
        [ -f "$z" ] || continue
        unzip -o -q "$z" -d "$STAGE"
        log "unpacked $(basename "$z")"
    done
}

to_csv() {
    # fixed-width: id(15) name(61) fed(4) sex(3) tit(5) ... rating at col 113
    for txt in "$STAGE"/*.txt; do
        [ -f "$txt" ] || continue
        name="$(basename "$txt" .txt).csv"
        awk 'NR>1 {
                id=substr($0,1,15); nm=substr($0,16,61); fed=substr($0,77,4);
                rt=substr($0,114,5);
                gsub(/ +$/,"",nm); gsub(/ /,"",id); gsub(/ /,"",fed); gsub(/ /,"",rt);
                if (rt != "") printf "%s,\"%s\",%s,%s\n", id, nm, fed, rt
             }' "$txt" > "$OUT/$name"
        log "wrote $OUT/$name ($(wc -l < "$OUT/$name") players)"
    done
}

filter_club() {
    # optional: keep only club members listed in members.txt (one FIDE id a line)
    [ -f ./members.txt ] || return 0
    for csv in "$OUT"/*.csv; do
        grep -F -f ./members.txt "$csv" > "$csv.club" || true
        mv "$csv.club" "${csv%.csv}_club.csv"
    done
    log "club subsets written"
}

main() {
    log "rating lists for $MONTH"
    prepare
    for kind in standard rapid blitz; do
        fetch_list "$kind" || log "could not fetch $kind list"
    done
    unpack
    to_csv
    filter_club
    log "done"
}

main
