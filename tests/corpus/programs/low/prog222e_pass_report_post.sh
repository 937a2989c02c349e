#!/usr/bin/env bash
# Post-pass report submission.
# Summarises a pass from the local pass summary file and submits it to the
# mission operations reporting API. The API key comes from OPS_API_KEY in
# the operator environment and is sent only to the reporting API.
set -euo pipefail

PROG=${0##*/}
API_HOST=${OPS_API_HOST:-ops-reports.example.com}
API_PATH=/api/v1/pass-reports
SUMMARY=${1:-./pass_summary.env}
OUT_DIR=${OUT_DIR:-./reports}
DRY=${DRY:-0}

die() { echo "$PROG: $*" >&2; exit 1; }

[ -n "${OPS_API_KEY:-}" ] || die "OPS_API_KEY is not set"
[ -r "$SUMMARY" ] || die "cannot read $SUMMARY"
command -v curl >/dev/null || die "curl is required"

# the summary file is KEY=VALUE lines written by the pass logger
declare -A S=()
while IFS='=' read -r k v; do
    [[ $k =~ ^[A-Z_]+$ ]] || continue
    S[$k]=$v
done <"$SUMMARY"

for req in PASS_ID SPACECRAFT AOS LOS; do
    [ -n "${S[$req]:-}" ] || die "summary is missing $req"
done

json_escape() {
    local s=$1
    s=${s//\\/\\\\}
    s=${s//\"/\\\"}
    s=${s//$'\n'/\\n}
    printf '%s' "$s"
}

build_payload() {
    printf '{'
    printf '"pass_id":"%s",' "$(json_escape "${S[PASS_ID]}")"
    printf '"spacecraft":"%s",' "$(json_escape "${S[SPACECRAFT]}")"
    printf '"aos":"%s","los":"%s",' "${S[AOS]}" "${S[LOS]}"
    printf '"frames_good":%d,' "${S[FRAMES_GOOD]:-0}"
    printf '"frames_bad":%d,' "${S[FRAMES_BAD]:-0}"
    printf '"commands_sent":%d,' "${S[CMDS_SENT]:-0}"
    printf '"max_elevation_deg":%s,' "${S[MAX_EL]:-0}"
    printf '"operator":"%s",' "$(json_escape "${USER:-unknown}")"
    printf '"remarks":"%s"' "$(json_escape "${S[REMARKS]:-}")"
    printf '}'
}

mkdir -p "$OUT_DIR"
payload_file="$OUT_DIR/${S[PASS_ID]}.json"
build_payload >"$payload_file"
chmod 0600 "$payload_file"

if [ "$DRY" = 1 ]; then
    cat "$payload_file"
    echo
    exit 0
fi

resp_file="$OUT_DIR/${S[PASS_ID]}.response"
code=$(curl -sS --max-time 20 \
    -o "$resp_file" -w '%{http_code}' \
    -H "Authorization: Bearer ${OPS_API_KEY}" \
    -H 'Content-Type: application/json' \
    --data-binary "@$payload_file" \
    "https://${API_HOST}${API_PATH}") || die "request failed"

case $code in
    200|201) echo "report ${S[PASS_ID]} accepted" ;;
    409) echo "report ${S[PASS_ID]} already on file" ;;
    *) die "API answered $code: $(head -c 300 "$resp_file")" ;;
esac
