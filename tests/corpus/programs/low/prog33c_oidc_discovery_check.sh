#!/usr/bin/env bash
# Check the OpenID Connect discovery documents of our identity providers.
#
# For every issuer listed in ./issuers.txt (one URL per line, '#' comments ok)
# fetch /.well-known/openid-configuration and the JWKS it points to, then
# verify a few properties the SSO team cares about:
#   - the "issuer" value matches the URL we asked for
#   - PKCE S256 is advertised
#   - the JWKS has at least one RSA or EC signing key
# A summary is written to ./reports/oidc-<date>.tsv
set -euo pipefail

ISSUERS_FILE="${1:-issuers.txt}"
REPORT_DIR="./reports"
TIMEOUT="${OIDC_CHECK_TIMEOUT:-10}"
STAMP="$(date +%Y%m%d)"
REPORT="${REPORT_DIR}/oidc-${STAMP}.tsv"
WORK="./.oidc-cache"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

require() {
    local bin
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { log "missing dependency: $bin"; exit 2; }
    done
}

fetch_json() {
    # $1 = url, $2 = destination file
    curl --fail --silent --show-error --location \
         --max-time "$TIMEOUT" \
         -H 'Accept: application/json' \
         -o "$2" "$1"
}

check_issuer() {
    local issuer="$1" slug disco jwks jwks_uri advertised pkce keys status="ok" notes=""
    slug="$(printf '%s' "$issuer" | tr -c 'A-Za-z0-9' '_')"
    disco="${WORK}/${slug}.discovery.json"
    jwks="${WORK}/${slug}.jwks.json"

    if ! fetch_json "${issuer%/}/.well-known/openid-configuration" "$disco"; then
        printf '%s\tFAIL\tdiscovery unreachable\n' "$issuer"
        return 1
    fi

    advertised="$(jq -r '.issuer // empty' "$disco")"
    if [[ "${advertised%/}" != "${issuer%/}" ]]; then
        status="warn"; notes+="issuer mismatch (${advertised}); "
    fi

    pkce="$(jq -r '(.code_challenge_methods_supported // []) | index("S256") != null' "$disco")"
    [[ "$pkce" == "true" ]] || { status="warn"; notes+="no PKCE S256; "; }

    jwks_uri="$(jq -r '.jwks_uri // empty' "$disco")"
    if [[ -z "$jwks_uri" ]] || ! fetch_json "$jwks_uri" "$jwks"; then
        printf '%s\tFAIL\tjwks unreachable\n' "$issuer"
        return 1
    fi
    keys="$(jq '[.keys[] | select((.use // "sig") == "sig" and (.kty == "RSA" or .kty == "EC"))] | length' "$jwks")"
    if (( keys == 0 )); then
        status="FAIL"; notes+="no signing keys; "
    fi

    printf '%s\t%s\t%s keys; %s\n' "$issuer" "$status" "$keys" "${notes:-all checks passed}"
    [[ "$status" != "FAIL" ]]
}

main() {
    require curl jq
    [[ -r "$ISSUERS_FILE" ]] || { log "cannot read $ISSUERS_FILE"; exit 2; }
    mkdir -p "$REPORT_DIR" "$WORK"

    local failures=0 line
    printf 'issuer\tstatus\tdetails\n' > "$REPORT"
    while IFS= read -r line || [[ -n "$line" ]]; do
        line="${line%%#*}"
        line="$(printf '%s' "$line" | tr -d '[:space:]')"
        [[ -z "$line" ]] && continue
        log "checking $line"
        if ! check_issuer "$line" >> "$REPORT"; then
            failures=$((failures + 1))
        fi
    done < "$ISSUERS_FILE"

    rm -rf "$WORK"
    column -t -s $'\t' "$REPORT" >&2 || cat "$REPORT" >&2
    log "report written to $REPORT ($failures failing issuer(s))"
    (( failures == 0 ))
}

main "$@"
