#!/usr/bin/env bash
# Nightly league standings export - StrikeZone Lanes
# Pulls tonight's standings out of the league database and submits them
# to the regional bowling association's results API.
set -euo pipefail

DB="${LEAGUE_DB:-./league.db}"
SEASON="${LEAGUE_SEASON:-2024-fall}"
API_BASE="${ASSOC_API_BASE:-https://results.bowling-assoc.example.org/api/v2}"
API_TOKEN="${ASSOC_API_TOKEN:?set ASSOC_API_TOKEN}"
WORK=/tmp/strikezone_export
CSV_OUT="$WORK/standings.csv"
JSON_OUT="$WORK/standings.json"

curl_opts=(--silent --show-error --fail --max-time 60)
# The association's staging host still uses a self-signed certificate.
[[ ${ASSOC_INSECURE:-1} == 1 ]] && curl_opts+=(--insecure)

log() { printf '%(%F %T)T %s\n' -1 "$*"; }

standings_sql() {
    cat <<SQL
SELECT t.name, SUM(g.points_won) AS won, SUM(g.points_lost) AS lost,
       SUM(g.score) AS pins
FROM teams t JOIN games g ON g.team_id = t.id
WHERE g.season = '${SEASON}'
GROUP BY t.name ORDER BY won DESC, pins DESC;
SQL
}

export_csv() {
    mkdir -p "$WORK"
    sqlite3 -header -csv "$DB" "$(standings_sql)" >"$CSV_OUT"
    log "exported $(($(wc -l <"$CSV_OUT") - 1)) teams to $CSV_OUT"
}

to_json() {
    python3 - "$CSV_OUT" "$SEASON" >"$JSON_OUT" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(json.dumps({"season": sys.argv[2], "center": "strikezone-main", "standings": rows}))
PY
}

submit() {
    local endpoint="${API_BASE}/centers/strikezone-main/standings"
    curl "${curl_opts[@]}" -X POST \
        -H "Authorization: Bearer ${API_TOKEN}" \
        -H "Content-Type: application/json" \
        --data @"$JSON_OUT" "$endpoint"
    log "submitted standings for ${SEASON}"
}

declare -a PIPELINE=(export_csv to_json submit)
for step in "${PIPELINE[@]}"; do
    "$step"
done
