#!/usr/bin/env bash
# iam_key_age.sh - report IAM access keys older than the policy threshold.
#
# Thresholds are published by the platform team on an internal endpoint whose
# certificate is signed by the lab CA that most laptops do not trust yet.
#
# Usage: iam_key_age.sh [-p profile] [-o report.csv] [-d max_days]

set -euo pipefail

PROFILE="${AWS_PROFILE:-default}"
REPORT="key-age-report.csv"
MAX_DAYS=""
POLICY_URL="${KEY_POLICY_URL:-https://policy.lab.internal/iam/key-rotation.json}"
WORKFILE="/tmp/iam_key_age.work"

log() { printf '%s [key-age] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":p:o:d:h" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        o) REPORT="$OPTARG" ;;
        d) MAX_DAYS="$OPTARG" ;;
        h|*) usage ;;
    esac
done

command -v jq >/dev/null || { log "jq is required"; exit 2; }
command -v aws >/dev/null || { log "aws CLI is required"; exit 2; }

fetch_threshold() {
    local body
    if body=$(curl -sS -k --max-time 10 "$POLICY_URL"); then
        jq -r '.max_key_age_days // empty' <<<"$body"
    fi
}

if [[ -z "$MAX_DAYS" ]]; then
    MAX_DAYS="$(fetch_threshold || true)"
    MAX_DAYS="${MAX_DAYS:-90}"
fi
log "profile=$PROFILE threshold=${MAX_DAYS}d"

now_epoch=$(date -u +%s)
: > "$WORKFILE"

aws --profile "$PROFILE" iam list-users --query 'Users[].UserName' --output text \
    | tr '\t' '\n' | while read -r user; do
        [[ -z "$user" ]] && continue
        aws --profile "$PROFILE" iam list-access-keys --user-name "$user" \
            --query 'AccessKeyMetadata[].[AccessKeyId,Status,CreateDate]' --output text \
            | while read -r key_id status created; do
                [[ -z "$key_id" ]] && continue
                created_epoch=$(date -u -d "$created" +%s)
                age=$(( (now_epoch - created_epoch) / 86400 ))
                printf '%s,%s,%s,%s\n' "$user" "$key_id" "$status" "$age" >> "$WORKFILE"
            done
    done

total=$(wc -l < "$WORKFILE")
{
    echo "user,access_key_id,status,age_days,over_threshold"
    while IFS=, read -r user key_id status age; do
        over="no"
        (( age > MAX_DAYS )) && over="yes"
        echo "$user,$key_id,$status,$age,$over"
    done < "$WORKFILE"
} > "$REPORT"

stale=$(awk -F, 'NR>1 && $5=="yes"' "$REPORT" | wc -l)
log "checked $total keys, $stale older than ${MAX_DAYS} days -> $REPORT"
rm -f "$WORKFILE"

if (( stale > 0 )); then
    awk -F, 'NR>1 && $5=="yes" {printf "  %-30s %-22s %4s days\n", $1, $2, $4}' "$REPORT" >&2
    exit 3
fi
