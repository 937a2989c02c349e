#!/usr/bin/env bash
# Probe the OIDC discovery metadata of the internal (staging) Keycloak realms.
#
# Staging realms sit behind the lab's self-signed certificates, so TLS checks
# are relaxed here.  Each realm's discovery document and JWKS are cached under
# /tmp/oidc_probe and a summary is appended to /tmp/oidc_probe/summary.tsv
# for the dashboard job to pick up.
set -euo pipefail

KC_BASE="${KC_BASE:-https://sso.staging.lab.internal}"
REALMS=("${@:-employees partners ci-bots}")
CACHE_DIR="/tmp/oidc_probe"
SUMMARY="${CACHE_DIR}/summary.tsv"
TIMEOUT=8

say() { echo "[probe] $*" >&2; }

get_json() {
    local url="$1" out="$2"
    curl -ksS --max-time "$TIMEOUT" -H 'Accept: application/json' -o "$out" "$url"
}

realm_url() { printf '%s/realms/%s' "${KC_BASE%/}" "$1"; }

probe_realm() {
    local realm="$1" base disco jwks iss jwks_uri nkeys grants state="ok" note=""
    base="$(realm_url "$realm")"
    disco="${CACHE_DIR}/${realm}.json"
    jwks="${CACHE_DIR}/${realm}.jwks"

    if ! get_json "${base}/.well-known/openid-configuration" "$disco"; then
        printf '%s\t%s\tDOWN\tdiscovery fetch failed\n' "$(date -Is)" "$realm"
        return 1
    fi

    iss="$(jq -r '.issuer // ""' "$disco")"
    [[ "$iss" == "$base" ]] || { state="warn"; note+="issuer=${iss}; "; }

    grants="$(jq -r '(.grant_types_supported // []) | join(",")' "$disco")"
    if [[ ",${grants}," == *",password,"* ]]; then
        state="warn"; note+="ROPC grant enabled; "
    fi

    jwks_uri="$(jq -r '.jwks_uri // ""' "$disco")"
    if [[ -z "$jwks_uri" ]] || ! get_json "$jwks_uri" "$jwks"; then
        printf '%s\t%s\tDOWN\tjwks fetch failed\n' "$(date -Is)" "$realm"
        return 1
    fi
    nkeys="$(jq '[.keys[] | select(.use == "sig")] | length' "$jwks")"
    (( nkeys > 0 )) || { state="FAIL"; note+="no sig keys; "; }

    printf '%s\t%s\t%s\t%s sig keys; %s\n' "$(date -Is)" "$realm" "$state" "$nkeys" "${note:-fine}"
    [[ "$state" != "FAIL" ]]
}

main() {
    for tool in curl jq; do
        command -v "$tool" >/dev/null || { say "need $tool"; exit 2; }
    done
    mkdir -p "$CACHE_DIR"
    [[ -f "$SUMMARY" ]] || printf 'time\trealm\tstate\tdetails\n' > "$SUMMARY"

    local bad=0 realm
    # shellcheck disable=SC2068
    for realm in ${REALMS[@]}; do
        say "realm $realm"
        probe_realm "$realm" >> "$SUMMARY" || bad=$((bad + 1))
    done

    tail -n "$(( ${#REALMS[@]} + 3 ))" "$SUMMARY" >&2
    say "done, $bad realm(s) with problems"
    exit "$bad"
}

main "$@"
