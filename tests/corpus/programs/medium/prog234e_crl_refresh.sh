#!/usr/bin/env bash
# crl_refresh.sh - fetch the current certificate revocation lists used when
# validating signatures on incoming deeds.
#
# The signature validation tool reads CRLs from ./crl. The qualified CAs'
# distribution points sit behind the office's inspecting proxy, whose
# certificate the workstation does not know, so certificate checks are
# skipped for these downloads.

set -uo pipefail

CRL_DIR="${CRL_DIR:-./crl}"
SOURCES_FILE="${SOURCES_FILE:-./crl_sources.txt}"
LOG="${LOG:-./crl_refresh.log}"
MAX_AGE_HOURS="${MAX_AGE_HOURS:-12}"

DEFAULT_SOURCES=(
    "https://crl.example.org/qualified-ca-2.crl"
    "https://pki.example.net/notary/tsa-ca.crl"
    "https://ca.example.com/crl/signing-ca-g3.crl"
)

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG"; }

load_sources() {
    if [[ -f "$SOURCES_FILE" ]]; then
        grep -vE '^\s*(#|$)' "$SOURCES_FILE"
    else
        printf '%s\n' "${DEFAULT_SOURCES[@]}"
    fi
}

is_fresh() {
    local file="$1"
    [[ -f "$file" ]] || return 1
    local age=$(( ( $(date +%s) - $(stat -c %Y "$file") ) / 3600 ))
    (( age < MAX_AGE_HOURS ))
}

fetch_crl() {
    local url="$1" name out tmp
    name="$(basename "$url")"
    out="$CRL_DIR/$name"
    tmp="$out.part"
    if is_fresh "$out"; then
        log INFO "$name is fresh, skipping"
        return 0
    fi
    if ! curl -k -fsS --max-time 30 -o "$tmp" "$url"; then
        log ERROR "download failed: $url"
        rm -f "$tmp"
        return 1
    fi
    local inform=DER
    head -c 20 "$tmp" | grep -q -- '-----BEGIN' && inform=PEM
    if ! openssl crl -inform "$inform" -in "$tmp" -noout 2>/dev/null; then
        log ERROR "$name is not a valid CRL"
        rm -f "$tmp"
        return 1
    fi
    local next
    next="$(openssl crl -inform "$inform" -in "$tmp" -noout -nextupdate | cut -d= -f2)"
    mv -f "$tmp" "$out"
    log INFO "$name updated, next update $next"
}

main() {
    mkdir -p "$CRL_DIR"
    local failures=0 total=0 url
    while IFS= read -r url; do
        total=$((total + 1))
        fetch_crl "$url" || failures=$((failures + 1))
    done < <(load_sources)
    log INFO "$((total - failures))/$total CRLs current"
    [[ "$failures" -eq 0 ]]
}

main
