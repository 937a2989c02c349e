#!/usr/bin/env bash
# election_tally.sh - count a committee election and publish the results.
#
# Pulls the closed ballot export from the SU elections API, counts each
# position by plurality (one vote per position, RON = re-open nominations),
# writes ./public/results-<id>.html and posts the summary back to the API.
#
# usage: election_tally.sh -e ELECTION_ID [-n] [-o OUTDIR]
#   -n  count only, do not post the results back
# needs: ELECTIONS_TOKEN in the environment, curl, jq, awk
set -euo pipefail

API="${ELECTIONS_API:-https://elections.su.example.ac.uk/api/v3}"
OUTDIR="./public"
POST_BACK=1
ELECTION_ID=""

log() { echo "[tally $(date +%T)] $*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "e:no:h" opt; do
    case $opt in
        e) ELECTION_ID=$OPTARG ;;
        n) POST_BACK=0 ;;
        o) OUTDIR=$OPTARG ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
[[ -n "$ELECTION_ID" ]] || die "-e ELECTION_ID is required"
[[ -n "${ELECTIONS_TOKEN:-}" ]] || die "ELECTIONS_TOKEN is not set"

WORK="./build/election-$ELECTION_ID"
mkdir -p "$WORK" "$OUTDIR"

fetch_ballots() {
    log "downloading ballots for $ELECTION_ID"
    curl -fsS --retry 3 --max-time 60 \
        -H "Authorization: Bearer $ELECTIONS_TOKEN" \
        -o "$WORK/ballots.csv" \
        "$API/elections/$ELECTION_ID/ballots.csv"
    local n; n=$(($(wc -l < "$WORK/ballots.csv") - 1))
    (( n > 0 )) || die "no ballots in export"
    log "$n ballot lines"
}

# ballots.csv: ballot_id,position,choice
count_ballots() {
    awk -F, 'NR > 1 && $3 != "" { votes[$2 FS $3]++; total[$2]++ }
        END {
            for (k in votes) {
                split(k, p, FS)
                printf "%s\t%s\t%d\t%.1f\n", p[1], p[2], votes[k], 100 * votes[k] / total[p[1]]
            }
        }' "$1" | sort -t$'\t' -k1,1 -k3,3nr
}

winners() {
    awk -F'\t' '!seen[$1]++ { print $1 "\t" $2 }' "$1"
}

render_html() {
    local results=$1 out=$2
    {
        echo "<!doctype html><meta charset=utf-8><title>Election $ELECTION_ID results</title>"
        echo "<h1>Committee election results</h1><p>Counted $(date '+%d %B %Y %H:%M')</p>"
        awk -F'\t' '
            $1 != pos { if (pos) print "</table>"; pos = $1
                        print "<h2>" pos "</h2><table><tr><th>Candidate</th><th>Votes</th><th>%</th></tr>" }
            { print "<tr><td>" $2 "</td><td>" $3 "</td><td>" $4 "</td></tr>" }
            END { if (pos) print "</table>" }' "$results"
    } > "$out"
}

post_results() {
    local body
    body=$(jq -Rn --arg id "$ELECTION_ID" \
        '[inputs | split("\t") | {position: .[0], winner: .[1]}] | {election: $id, winners: .}' \
        < "$WORK/winners.tsv")
    curl -fsS --max-time 30 -X POST \
        -H "Authorization: Bearer $ELECTIONS_TOKEN" \
        -H "Content-Type: application/json" \
        -d "$body" "$API/elections/$ELECTION_ID/results" >/dev/null
    log "results posted to elections API"
}

fetch_ballots
count_ballots "$WORK/ballots.csv" > "$WORK/results.tsv"
winners "$WORK/results.tsv" > "$WORK/winners.tsv"
render_html "$WORK/results.tsv" "$OUTDIR/results-$ELECTION_ID.html"
log "wrote $OUTDIR/results-$ELECTION_ID.html"
column -t -s$'\t' "$WORK/winners.tsv" >&2

if (( POST_BACK )); then
    post_results
else
    log "-n given, not posting results"
fi
