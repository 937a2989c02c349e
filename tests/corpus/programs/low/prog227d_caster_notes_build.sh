#!/usr/bin/env bash
# caster_notes_build.sh - build the caster prep sheet for a matchup.
#
# Inputs live in ./notes_data: rosters.csv (team,player,role) and
# h2h.csv (date,team_a,team_b,score_a,score_b,map).  Output is a Markdown
# sheet in ./out.  Rendered sheets are cached by an MD5 of the inputs so a
# rebuild with unchanged data is instant.
#
# usage: caster_notes_build.sh TEAM_A TEAM_B [--clean]

set -euo pipefail

DATA_DIR="./notes_data"
BUILD_DIR="./build"
OUT_DIR="./out"

log() { echo "notes: $*" >&2; }

if [[ "${1:-}" == "--clean" ]]; then
    rm -rf -- "$BUILD_DIR"
    log "build cache removed"
    exit 0
fi

[[ $# -ge 2 ]] || { sed -n '2,9p' "$0"; exit 1; }
TEAM_A="$1"; TEAM_B="$2"
[[ "${3:-}" == "--clean" ]] && rm -rf -- "$BUILD_DIR"

for f in rosters.csv h2h.csv; do
    [[ -r "$DATA_DIR/$f" ]] || { log "missing $DATA_DIR/$f"; exit 2; }
done
mkdir -p "$BUILD_DIR/cache" "$OUT_DIR"

# cache key: inputs + team names
KEY="$( { cat "$DATA_DIR/rosters.csv" "$DATA_DIR/h2h.csv"; echo "$TEAM_A|$TEAM_B"; } | md5sum | cut -c1-16)"
CACHED="$BUILD_DIR/cache/$KEY.md"
OUT="$OUT_DIR/${TEAM_A}_vs_${TEAM_B}.md"

if [[ -f "$CACHED" ]]; then
    cp "$CACHED" "$OUT"
    log "cache hit ($KEY) -> $OUT"
    exit 0
fi

# The renderer is kept as a file in the build dir so the graphics team can
# tweak it between events without touching this script.
RENDERER="$BUILD_DIR/render_notes.py"
if [[ ! -f "$RENDERER" ]]; then
    cat > "$RENDERER" <<'PY'
import csv, os, sys
from collections import defaultdict

data, a, b = os.environ["DATA_DIR"], os.environ["TEAM_A"], os.environ["TEAM_B"]
roster = defaultdict(list)
with open(os.path.join(data, "rosters.csv"), newline="") as fh:
    for row in csv.DictReader(fh):
        roster[row["team"]].append((row["player"], row.get("role", "")))
games = []
with open(os.path.join(data, "h2h.csv"), newline="") as fh:
    for row in csv.DictReader(fh):
        if {row["team_a"], row["team_b"]} == {a, b}:
            games.append(row)
wins = {a: 0, b: 0}
for g in games:
    sa, sb = int(g["score_a"]), int(g["score_b"])
    wins[g["team_a"] if sa > sb else g["team_b"]] += 1

out = [f"# {a} vs {b}", "", "## Rosters", ""]
for team in (a, b):
    out.append(f"**{team}**: " + ", ".join(f"{p} ({r})" if r else p for p, r in roster.get(team, [])))
out += ["", f"## Head to head: {a} {wins[a]} - {wins[b]} {b}", ""]
for g in sorted(games, key=lambda g: g["date"], reverse=True)[:10]:
    out.append(f"- {g['date']} {g['map']}: {g['team_a']} {g['score_a']}-{g['score_b']} {g['team_b']}")
if not games:
    out.append("- first meeting")
sys.stdout.write("\n".join(out) + "\n")
PY
    log "renderer written to $RENDERER"
fi

if ! DATA_DIR="$DATA_DIR" TEAM_A="$TEAM_A" TEAM_B="$TEAM_B" python3 "$RENDERER" > "$CACHED.part"; then
    rm -f -- "$CACHED.part"
    log "render failed"
    exit 3
fi
mv "$CACHED.part" "$CACHED"
cp "$CACHED" "$OUT"
log "built $OUT ($(wc -l < "$OUT") lines, key $KEY)"
