#!/bin/sh
# Pull finalised radiology reports for a worklist of accession numbers from
# the departmental RIS web API, so the registry abstractors can review them.
# The RIS uses an internal CA that is not in the workstation trust store.

RIS_URL="${RIS_URL:-https://ris.radiology.internal:8443/api/reports}"
STAGING="/tmp/ris_report_pull"
OUT_DIR="./reports"
WORKLIST=""
RETRIES=3

die() {
    echo "error: $*" >&2
    exit 1
}

usage() {
    echo "usage: $0 -w worklist.txt [-o outdir]" >&2
    exit 2
}

while getopts "w:o:r:" opt; do
    case "$opt" in
        w) WORKLIST="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        *) usage ;;
    esac
done

[ -n "$WORKLIST" ] || usage
[ -r "$WORKLIST" ] || die "cannot read worklist $WORKLIST"
[ -n "$RIS_TOKEN" ] || die "RIS_TOKEN must be set"

mkdir -p "$STAGING" "$OUT_DIR" || die "cannot create directories"

fetch_report() {
    acc="$1"
    attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if curl --silent --show-error --fail --insecure \
                --max-time 30 \
                -H "Authorization: Bearer ${RIS_TOKEN}" \
                -H "Accept: application/json" \
                -o "${STAGING}/${acc}.json" \
                "${RIS_URL}/${acc}"; then
            return 0
        fi
        echo "retry ${attempt}/${RETRIES} for ${acc}" >&2
        attempt=$((attempt + 1))
        sleep 2
    done
    return 1
}

extract_text() {
    acc="$1"
    # Keep only the report status and body; drop the rest of the payload.
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("status","")); print(d.get("body",""))' \
        "${STAGING}/${acc}.json" > "${OUT_DIR}/${acc}.txt"
}

ok=0
failed=0
while IFS= read -r accession; do
    case "$accession" in
        ''|'#'*) continue ;;
    esac
    if fetch_report "$accession" && extract_text "$accession"; then
        ok=$((ok + 1))
    else
        echo "failed: ${accession}" >&2
        failed=$((failed + 1))
    fi
done < "$WORKLIST"

rm -f "${STAGING}"/*.json
echo "reports fetched: ${ok}, failed: ${failed}, saved under ${OUT_DIR}"
[ "$failed" -eq 0 ]
