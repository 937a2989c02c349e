#!/usr/bin/env bash
# Compare live security group ingress rules with the approved baseline
# published by the network team, and write a drift report.
set -uo pipefail

BASELINE_URL="${BASELINE_URL:-https://netpolicy.corp.internal/baselines/sg-ingress.json}"
REGION="${AWS_REGION:-eu-west-1}"
REPORT="/tmp/sg_drift_report.txt"
LIVE_JSON="/tmp/sg_live.json"
BASE_JSON="/tmp/sg_baseline.json"
VERBOSE=0

log() { echo "$(date -u +%H:%M:%S) $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --region) REGION="$2"; shift 2 ;;
        --baseline) BASELINE_URL="$2"; shift 2 ;;
        -v) VERBOSE=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

fetch_baseline() {
    # the policy server uses the internal CA which the build agents lack
    curl --silent --show-error --fail --insecure \
         --max-time 20 -o "$BASE_JSON" "$BASELINE_URL"
}

fetch_live() {
    aws ec2 describe-security-groups --region "$REGION" --output json \
        --query 'SecurityGroups[].{id:GroupId,name:GroupName,rules:IpPermissions}' \
        > "$LIVE_JSON"
}

flatten() {
    jq -r '.[] | .id as $g | .rules[]? as $r
           | ($r.IpRanges[]?.CidrIp // "sg-ref") as $cidr
           | "\($g) \($r.IpProtocol) \($r.FromPort // "all")-\($r.ToPort // "all") \($cidr)"' "$1" | sort -u
}

log "fetching baseline from $BASELINE_URL"
fetch_baseline || { log "baseline download failed"; exit 1; }
log "describing security groups in $REGION"
fetch_live || { log "aws cli failed"; exit 1; }

flatten "$BASE_JSON" > /tmp/sg_base.flat
flatten "$LIVE_JSON" > /tmp/sg_live.flat

extra=$(comm -13 /tmp/sg_base.flat /tmp/sg_live.flat)
missing=$(comm -23 /tmp/sg_base.flat /tmp/sg_live.flat)

{
    echo "Security group drift report - $REGION - $(date -u)"
    echo "== rules present but not approved =="
    [[ -n "$extra" ]] && echo "$extra" || echo "(none)"
    echo "== approved rules missing =="
    [[ -n "$missing" ]] && echo "$missing" || echo "(none)"
    echo "== world-open rules =="
    grep ' 0\.0\.0\.0/0$' /tmp/sg_live.flat || echo "(none)"
} > "$REPORT"

(( VERBOSE )) && cat "$REPORT"
n_extra=$(printf '%s' "$extra" | grep -c . || true)
log "report written to $REPORT ($n_extra unapproved rules)"
[[ "$n_extra" -eq 0 ]]
