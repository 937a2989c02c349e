#!/usr/bin/env bash
# Fetch the current reference-sample values for the proficiency test round
# and report the lab's own results for the same samples to the scheme API.
set -euo pipefail

STANDARDS_URL="${STANDARDS_URL:-https://standards.example.org/dairy/reference/latest.json}"
RESULTS_API="${RESULTS_API:-https://api.example.com/v1/proficiency/results}"
REF_DIR="./reference"
OWN_RESULTS="./proficiency/own_results.csv"
LAB_CODE="${LAB_CODE:-LAB-017}"
SUBMIT=1

log() { echo "$(date '+%F %T') [refsync] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-submit) SUBMIT=0; shift ;;
        --results) OWN_RESULTS="$2"; shift 2 ;;
        --lab) LAB_CODE="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--no-submit] [--results file.csv] [--lab CODE]"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

fetch_reference() {
    mkdir -p "$REF_DIR"
    local out="$REF_DIR/latest.json"
    log "downloading reference values"
    curl -fsS --max-time 30 -o "$out.part" "$STANDARDS_URL"
    mv "$out.part" "$out"
    echo "$out"
}

compare_results() {
    local ref_file="$1"
    REF_FILE="$ref_file" OWN_RESULTS="$OWN_RESULTS" LAB_CODE="$LAB_CODE" python3 -c '
import csv, json, os, sys
ref = json.load(open(os.environ["REF_FILE"]))
values = {s["sample"]: s for s in ref.get("samples", [])}
out = {"lab": os.environ["LAB_CODE"], "round": ref.get("round"), "results": []}
with open(os.environ["OWN_RESULTS"], newline="") as fh:
    for row in csv.DictReader(fh):
        s = values.get(row["sample"])
        if not s:
            continue
        entry = {"sample": row["sample"]}
        for key in ("fat", "protein", "lactose", "scc"):
            if key in row and key in s:
                mine, target = float(row[key]), float(s[key])
                entry[key] = mine
                entry[key + "_dev"] = round(mine - target, 3)
        out["results"].append(entry)
json.dump(out, sys.stdout)
'
}

submit() {
    local body="$1"
    if [[ -z "${LAB_API_KEY:-}" ]]; then
        log "LAB_API_KEY not set, skipping submission"
        return 0
    fi
    local code
    code="$(curl -sS --max-time 30 -o ./proficiency/submit_response.json -w '%{http_code}' \
        -X POST -H 'Content-Type: application/json' \
        -H "Authorization: Bearer ${LAB_API_KEY}" \
        --data-binary "$body" "$RESULTS_API")"
    log "submission answered HTTP $code"
    [[ "$code" == 2* ]]
}

main() {
    [[ -f "$OWN_RESULTS" ]] || { log "missing $OWN_RESULTS"; exit 1; }
    mkdir -p ./proficiency
    local ref body n
    ref="$(fetch_reference)"
    body="$(compare_results "$ref")"
    n="$(printf '%s' "$body" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["results"]))')"
    log "$n samples matched the reference set"
    printf '%s\n' "$body" > ./proficiency/deviations.json
    if [[ "$SUBMIT" -eq 1 && "$n" -gt 0 ]]; then
        submit "$body" || { log "submission failed"; exit 2; }
    fi
    log "done"
}

main
