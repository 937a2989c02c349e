#!/usr/bin/env bash
# team_roster_builder.sh
#
# Splits the season's registration export into balanced team rosters per
# division. Bash handles the files and folders; the balancing is done by a
# Python snippet that gets its settings through environment variables.
#
# Usage: team_roster_builder.sh -i registrations.csv [-t TEAMS_PER_DIVISION] [-o OUTDIR]

set -euo pipefail

INPUT=""
TEAMS="${TEAMS_PER_DIVISION:-4}"
OUTDIR="./rosters"
BUILD_DIR="./.roster_build"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":i:t:o:h" opt; do
    case "$opt" in
        i) INPUT="$OPTARG" ;;
        t) TEAMS="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

[[ -n "$INPUT" ]] || die "need -i registrations.csv"
[[ -f "$INPUT" ]] || die "$INPUT not found"
[[ "$TEAMS" =~ ^[1-9][0-9]*$ ]] || die "teams must be a positive number"

cleanup() { rm -rf "$BUILD_DIR"; }
trap cleanup EXIT

rm -rf "$BUILD_DIR"
mkdir -p "$BUILD_DIR" "$OUTDIR"

# Split by division first (column 5 in the export).
header="$(head -n 1 "$INPUT")"
tail -n +2 "$INPUT" | while IFS= read -r line; do
    div="$(cut -d, -f5 <<<"$line" | tr -cd 'A-Za-z0-9')"
    [[ -n "$div" ]] || div="unassigned"
    f="$BUILD_DIR/$div.csv"
    [[ -f "$f" ]] || echo "$header" > "$f"
    echo "$line" >> "$f"
done

divisions=("$BUILD_DIR"/*.csv)
log "found ${#divisions[@]} divisions"

for divfile in "${divisions[@]}"; do
    div="$(basename "$divfile" .csv)"
    export DIV_FILE="$divfile" DIV_NAME="$div" TEAM_COUNT="$TEAMS" OUT_DIR="$OUTDIR"
    summary="$(python3 - <<'PYEOF'
import csv
import os
from collections import defaultdict

div_file = os.environ["DIV_FILE"]
name = os.environ["DIV_NAME"]
teams = int(os.environ["TEAM_COUNT"])
out_dir = os.environ["OUT_DIR"]

with open(div_file, newline="", encoding="utf-8") as fh:
    players = list(csv.DictReader(fh))

# Balance by birth year so each team gets a similar age mix, then snake-draft.
players.sort(key=lambda p: (p.get("birth_year", ""), p.get("last_name", "")))
rosters = defaultdict(list)
order = list(range(teams))
i = 0
while i < len(players):
    for t in order:
        if i >= len(players):
            break
        rosters[t].append(players[i])
        i += 1
    order.reverse()

for t, members in rosters.items():
    path = os.path.join(out_dir, f"{name}_team{t + 1}.csv")
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["first_name", "last_name", "birth_year", "guardian_email"])
        for p in members:
            w.writerow([p.get("first_name"), p.get("last_name"),
                        p.get("birth_year"), p.get("guardian_email")])
sizes = ",".join(str(len(rosters[t])) for t in sorted(rosters))
print(f"{len(players)} players -> team sizes {sizes}")
PYEOF
)"
    log "$div: $summary"
done

count="$(find "$OUTDIR" -maxdepth 1 -name '*_team*.csv' | wc -l)"
log "wrote $count roster files to $OUTDIR"
