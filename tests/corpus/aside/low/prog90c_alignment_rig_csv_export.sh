#!/bin/sh
# Export wheel-alignment results from the Hunter-style rig's share into
# per-day CSV files the front desk attaches to the customer invoice.
#
# The rig drops one .ali text file per vehicle into RIG_DIR, e.g.
#   REG=AB12CDE
#   DATE=2024-05-03 10:41
#   FL_TOE=0.12  FR_TOE=0.08  FL_CAMBER=-0.7  FR_CAMBER=-0.6
#   RL_TOE=0.05  RR_TOE=0.07  THRUST=0.02
#
# Usage: alignment_rig_csv_export.sh [-c config] [-d YYYY-MM-DD]

set -eu

CONFIG=./alignment_export.conf
DAY=$(date +%F)

while getopts "c:d:" opt; do
    case $opt in
        c) CONFIG=$OPTARG ;;
        d) DAY=$OPTARG ;;
        *) echo "usage: $0 [-c config] [-d YYYY-MM-DD]" >&2; exit 2 ;;
    esac
done

RIG_DIR=./rig_share
EXPORT_DIR=./exports
TOE_LIMIT=0.20
# shellcheck disable=SC1090
[ -r "$CONFIG" ] && . "$CONFIG"

LOG=$EXPORT_DIR/export.log
mkdir -p "$EXPORT_DIR"

say() {
    echo "$(date '+%H:%M:%S') $*" >> "$LOG"
    echo "$*"
}

field() {
    # field NAME FILE -> value of NAME=value anywhere on a line
    tr ' \t' '\n\n' < "$2" | sed -n "s/^$1=//p" | head -n 1
}

out=$EXPORT_DIR/alignment_$DAY.csv
tmp_out=$out.partial
echo "reg,time,fl_toe,fr_toe,fl_camber,fr_camber,rl_toe,rr_toe,thrust,flag" > "$tmp_out"

count=0
flagged=0
for f in "$RIG_DIR"/*.ali; do
    [ -f "$f" ] || continue
    d=$(field DATE "$f")
    case $d in
        "$DAY"*) ;;
        *) continue ;;
    esac
    reg=$(field REG "$f")
    t=$(printf '%s' "$d" | cut -c12-16)
    fl=$(field FL_TOE "$f"); fr=$(field FR_TOE "$f")
    flc=$(field FL_CAMBER "$f"); frc=$(field FR_CAMBER "$f")
    rl=$(field RL_TOE "$f"); rr=$(field RR_TOE "$f")
    th=$(field THRUST "$f")
    flag=$(awk -v a="$fl" -v b="$fr" -v lim="$TOE_LIMIT" \
        'BEGIN { d = a - b; if (d < 0) d = -d; print (d > lim) ? "CHECK" : "OK" }')
    [ "$flag" = CHECK ] && flagged=$((flagged + 1))
    echo "$reg,$t,$fl,$fr,$flc,$frc,$rl,$rr,$th,$flag" >> "$tmp_out"
    count=$((count + 1))
done

if [ "$count" -eq 0 ]; then
    rm -f "$tmp_out"
    say "no alignments for $DAY"
    exit 0
fi

mv "$tmp_out" "$out"
say "exported $count vehicles ($flagged flagged) to $out"

# keep a month of exports
find "$EXPORT_DIR" -name 'alignment_*.csv' -mtime +31 -exec rm -f {} \;
