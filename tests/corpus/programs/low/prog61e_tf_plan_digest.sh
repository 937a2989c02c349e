#!/usr/bin/env bash
# Summarise a saved terraform plan into a markdown digest for PR comments.
# Usage: tf_plan_digest.sh [-p plan.out] [-o reports/plan_digest.md] [-c]
set -euo pipefail

PLAN_FILE="plan.out"
OUT_FILE="reports/plan_digest.md"
CACHE_DIR=".tfdigest-cache"
CLEAN=0

log() { printf '[tf-digest] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,3p' "$0"
    exit 2
}

while getopts ":p:o:ch" opt; do
    case "$opt" in
        p) PLAN_FILE="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        c) CLEAN=1 ;;
        h|*) usage ;;
    esac
done

command -v terraform >/dev/null || die "terraform not on PATH"
command -v jq >/dev/null || die "jq not on PATH"
[[ -f "$PLAN_FILE" ]] || die "plan file $PLAN_FILE not found (run terraform plan -out first)"

mkdir -p "$CACHE_DIR" "$(dirname "$OUT_FILE")"
JSON="$CACHE_DIR/plan.json"

if [[ ! -s "$JSON" || "$PLAN_FILE" -nt "$JSON" ]]; then
    log "rendering $PLAN_FILE"
    terraform show -no-color -json "$PLAN_FILE" > "$JSON"
fi

count_action() {
    jq --arg a "$1" '[.resource_changes[]? | select(.change.actions | index($a))] | length' "$JSON"
}

CREATES=$(count_action create)
UPDATES=$(count_action update)
DELETES=$(count_action delete)

{
    echo "## Terraform plan digest"
    echo
    echo "| action | count |"
    echo "|--------|-------|"
    echo "| create | $CREATES |"
    echo "| update | $UPDATES |"
    echo "| delete | $DELETES |"
    echo
    if (( DELETES > 0 )); then
        echo "### Resources to be destroyed"
        jq -r '.resource_changes[]? | select(.change.actions | index("delete")) | "- `\(.address)`"' "$JSON"
        echo
    fi
    echo "### Changed resource types"
    jq -r '[.resource_changes[]? | select(.change.actions != ["no-op"]) | .type]
           | group_by(.) | map("- \(.[0]): \(length)") | .[]' "$JSON"
} > "$OUT_FILE"

log "digest written to $OUT_FILE (+$CREATES ~$UPDATES -$DELETES)"

if (( CLEAN )); then
    log "removing cache $CACHE_DIR"
    rm -rf -- "./${CACHE_DIR:?}"
fi

if (( DELETES > 0 )); then
    exit 3
fi
