#!/usr/bin/env bash
# Verify a staged backup set against its manifest before the nightly copy
# to the office NAS picks it up.
#
#   ./nas_manifest_verify.sh [-s staging_dir] [-m manifest] [-n nas_url]
#
# The staging directory lives inside the current working directory; the
# manifest is "sha256  relative/path" per line (sha256sum format).  The NAS
# web UI is only probed with a HEAD request to warn early if it is down.
set -euo pipefail

STAGING="./backup_staging"
MANIFEST="./backup_staging/MANIFEST.sha256"
NAS_URL="https://nas01.office.lan:5001/"
LOG_DIR="./logs"
STAMP="$(date +%Y%m%d-%H%M%S)"
VERBOSE=0

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG_DIR/verify-$STAMP.log"
}

debug() {
    [ "$VERBOSE" -eq 1 ] && log "debug: $*" || true
}

while getopts ":s:m:n:vh" opt; do
    case "$opt" in
        s) STAGING="$OPTARG" ;;
        m) MANIFEST="$OPTARG" ;;
        n) NAS_URL="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

mkdir -p "$LOG_DIR"

case "$STAGING" in
    /*|../*) echo "staging dir must be relative to the working directory" >&2; exit 2 ;;
esac

host_description() {
    local pretty="unknown"
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        pretty="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}")"
    fi
    printf '%s on %s' "$(hostname)" "$pretty"
}

probe_nas() {
    local code
    code="$(curl -s -o /dev/null -I --max-time 8 -w '%{http_code}' "$NAS_URL" || echo 000)"
    if [ "$code" = "000" ]; then
        log "WARN: NAS $NAS_URL did not answer; nightly copy will likely fail"
        return 1
    fi
    debug "NAS answered HTTP $code"
    return 0
}

verify_manifest() {
    local ok=0 bad=0 missing=0 expected path actual
    while read -r expected path; do
        [ -z "$expected" ] && continue
        case "$expected" in \#*) continue ;; esac
        if [ ! -f "$STAGING/$path" ]; then
            log "MISSING  $path"
            missing=$((missing + 1))
            continue
        fi
        actual="$(sha256sum "$STAGING/$path" | cut -d' ' -f1)"
        if [ "$actual" = "$expected" ]; then
            ok=$((ok + 1))
            debug "ok $path"
        else
            log "MISMATCH $path"
            bad=$((bad + 1))
        fi
    done < "$MANIFEST"
    log "verified: $ok ok, $bad mismatched, $missing missing"
    [ "$bad" -eq 0 ] && [ "$missing" -eq 0 ]
}

find_unlisted() {
    local count=0 rel
    while IFS= read -r -d '' f; do
        rel="${f#"$STAGING"/}"
        [ "$rel" = "$(basename "$MANIFEST")" ] && continue
        if ! grep -q "  $rel\$" "$MANIFEST"; then
            log "UNLISTED $rel"
            count=$((count + 1))
        fi
    done < <(find "$STAGING" -type f -print0)
    [ "$count" -gt 0 ] && log "$count files are not in the manifest" || true
}

log "backup verification on $(host_description)"
if [ ! -d "$STAGING" ] || [ ! -f "$MANIFEST" ]; then
    log "ERROR: staging dir or manifest missing"
    exit 1
fi

probe_nas || true
find_unlisted
if verify_manifest; then
    log "staging set is consistent; ready for the nightly copy"
    touch "$STAGING/.verified"
else
    log "staging set has problems; nightly copy will skip it"
    rm -f "$STAGING/.verified"
    exit 1
fi
