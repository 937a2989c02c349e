#!/usr/bin/env bash
# Fetch the season leaderboard from the league scoring API, print it for the
# lobby screen and, with --publish, post today's top teams back to the
# league's lobby-board endpoint.  The API key comes from SCORES_API_KEY.
set -euo pipefail

API="${SCORES_API:-https://scores.example.com/api/v1}"
SEASON="${SEASON:-$(date +%Y)}"
TOP=10
PUBLISH=0
CACHE_DIR="./cache"
CACHE="$CACHE_DIR/leaderboard-$SEASON.json"

log() { printf '[leaderboard] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --season) SEASON="$2"; CACHE="$CACHE_DIR/leaderboard-$SEASON.json"; shift 2 ;;
        --top) TOP="$2"; shift 2 ;;
        --publish) PUBLISH=1; shift ;;
        -h|--help) echo "usage: $0 [--season YEAR] [--top N] [--publish]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[[ -n "${SCORES_API_KEY:-}" ]] || { log "SCORES_API_KEY is not set"; exit 1; }
[[ "$TOP" =~ ^[0-9]+$ ]] || { log "--top must be a number"; exit 2; }
mkdir -p "$CACHE_DIR"

fetch() {
    curl -fsS --max-time 15 \
        -H "Authorization: Bearer $SCORES_API_KEY" \
        -H "Accept: application/json" \
        "$API/leaderboard?season=$SEASON"
}

if body="$(fetch)"; then
    printf '%s\n' "$body" > "$CACHE"
    log "fetched leaderboard for $SEASON"
elif [[ -s "$CACHE" ]]; then
    log "API unreachable, using cached copy from $(date -r "$CACHE" '+%F %T')"
    body="$(cat "$CACHE")"
else
    log "API unreachable and no cache"
    exit 1
fi

# Render the table; the JSON arrives on stdin, settings through the environment.
printf '%s' "$body" | LB_TOP="$TOP" LB_SEASON="$SEASON" python3 -c '
import json, os, sys
data = json.load(sys.stdin)
top = int(os.environ["LB_TOP"])
season = os.environ["LB_SEASON"]
teams = sorted(data.get("teams", []), key=lambda t: -t.get("points", 0))[:top]
print("Season %s - top %d" % (season, len(teams)))
for i, t in enumerate(teams, 1):
    print("%3d. %-24s %6d pts" % (i, t.get("name", "?"), t.get("points", 0)))
'

if [[ "$PUBLISH" -eq 1 ]]; then
    payload="$(printf '%s' "$body" | LB_TOP=3 python3 -c '
import json, os, sys
data = json.load(sys.stdin)
teams = sorted(data.get("teams", []), key=lambda t: -t.get("points", 0))
print(json.dumps({"board": "lobby", "top": [t.get("name") for t in teams[:int(os.environ["LB_TOP"])]]}))
')"
    if curl -fsS --max-time 15 -X POST \
            -H "Authorization: Bearer $SCORES_API_KEY" \
            -H "Content-Type: application/json" \
            --data "$payload" "$API/boards/lobby" >/dev/null; then
        log "published top teams to lobby board"
    else
        log "publish failed"
        exit 1
    fi
fi
