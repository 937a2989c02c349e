#!/usr/bin/env bash
# WADO-RS / QIDO-RS smoke test for the test PACS.
# Queries a few studies over QIDO-RS, fetches the metadata of the first one
# over WADO-RS and checks the response shape. The test PACS uses a
# self-signed certificate, so certificate checks are skipped here.
set -u

BASE="${DICOMWEB_BASE:-https://testpacs.example.org/dicom-web}"
LIMIT="${LIMIT:-5}"
WORK="/tmp/wado_check"
RESULTS="$WORK/results.txt"
CURL_OPTS=(--silent --show-error --insecure --max-time 30)

log() { echo "$(date +%T) wado-check: $*" | tee -a "$RESULTS" >&2; }

pass=0
fail=0
ok()   { pass=$((pass + 1)); log "PASS $*"; }
bad()  { fail=$((fail + 1)); log "FAIL $*"; }

prepare() {
    mkdir -p "$WORK"
    : > "$RESULTS"
    log "base: $BASE"
}

qido_studies() {
    local out="$WORK/studies.json" code
    code="$(curl "${CURL_OPTS[@]}" -o "$out" -w '%{http_code}' \
        -H 'Accept: application/dicom+json' \
        "$BASE/studies?limit=$LIMIT&includefield=00081030")"
    if [[ "$code" == "200" ]]; then
        ok "QIDO studies ($code)"
    else
        bad "QIDO studies returned $code"
        return 1
    fi
}

first_study_uid() {
    python3 - "$WORK/studies.json" <<'PY'
import json, sys
try:
    data = json.load(open(sys.argv[1]))
    print(data[0]["0020000D"]["Value"][0])
except Exception:
    pass
PY
}

wado_metadata() {
    local uid="$1" out="$WORK/metadata.json" code
    code="$(curl "${CURL_OPTS[@]}" -o "$out" -w '%{http_code}' \
        -H 'Accept: application/dicom+json' \
        "$BASE/studies/$uid/metadata")"
    if [[ "$code" == "200" ]] && grep -q '"00080018"' "$out"; then
        ok "WADO metadata for $uid"
    else
        bad "WADO metadata for $uid ($code)"
    fi
}

capabilities() {
    local code
    code="$(curl "${CURL_OPTS[@]}" -o /dev/null -w '%{http_code}' -X OPTIONS "$BASE/studies")"
    case "$code" in
        200|204) ok "OPTIONS /studies ($code)" ;;
        405)     log "INFO OPTIONS not supported" ;;
        *)       bad "OPTIONS /studies ($code)" ;;
    esac
}

main() {
    prepare
    capabilities
    if qido_studies; then
        local uid
        uid="$(first_study_uid)"
        if [[ -n "$uid" ]]; then
            wado_metadata "$uid"
        else
            bad "no study UID in QIDO response"
        fi
    fi
    log "summary: $pass passed, $fail failed"
    [[ $fail -eq 0 ]]
}

main "$@"
