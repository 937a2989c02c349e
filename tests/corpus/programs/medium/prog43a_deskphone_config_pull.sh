#!/usr/bin/env bash
# Pull per-MAC provisioning XML for our desk phones from the provisioning
# server, compare it to the last copy and print a diff for the change log.
# The provisioning box still runs a self-signed certificate.
set -uo pipefail

PROV_URL="${PROV_URL:-https://prov.pbx.internal:8443/cfg}"
PROV_USER="${PROV_USER:-provread}"
PROV_PASS="${PROV_PASS:-}"
MAC_LIST="${1:-phones.txt}"
STATE_DIR="/tmp/deskphone-prov"
REPORT="/tmp/deskphone-prov/changes.log"

log() { echo "[$(date +%FT%T)] $*" | tee -a "$REPORT" >&2; }

normalise_mac() {
    tr -d ':.-' <<<"$1" | tr 'A-F' 'a-f'
}

pull_one() {
    local mac="$1" vendor="$2"
    local file="${STATE_DIR}/${mac}.xml"
    local scratch
    scratch=$(mktemp -u "${STATE_DIR}/pull.XXXXXX")

    # -k: provisioning server uses a self-signed cert
    if ! curl -k -sS --max-time 20 -u "${PROV_USER}:${PROV_PASS}" \
         -o "$scratch" "${PROV_URL}/${vendor}/${mac}.xml"; then
        log "fetch failed for ${mac}"
        rm -f "$scratch"
        return 1
    fi

    if ! xmllint --noout "$scratch" 2>/dev/null; then
        log "invalid XML for ${mac}"
        rm -f "$scratch"
        return 1
    fi

    if [[ -f "$file" ]]; then
        if ! cmp -s "$file" "$scratch"; then
            log "config changed for ${mac}:"
            diff -u "$file" "$scratch" | sed 's/^/    /' >> "$REPORT"
        fi
    else
        log "first copy for ${mac}"
    fi
    mv -f "$scratch" "$file"
}

main() {
    [[ -r "$MAC_LIST" ]] || { echo "usage: $0 phones.txt" >&2; exit 2; }
    mkdir -p "$STATE_DIR"
    : > "$REPORT"

    local total=0 bad=0 mac vendor
    while IFS=, read -r mac vendor _rest; do
        [[ -z "$mac" || "$mac" == \#* ]] && continue
        mac=$(normalise_mac "$mac")
        case "$vendor" in
            yealink|polycom|snom|grandstream) ;;
            *) log "unknown vendor '${vendor}' for ${mac}"; bad=$((bad + 1)); continue ;;
        esac
        total=$((total + 1))
        pull_one "$mac" "$vendor" || bad=$((bad + 1))
    done < "$MAC_LIST"

    log "checked ${total} phones, ${bad} problems; report in ${REPORT}"
    [[ $bad -eq 0 ]]
}

main "$@"
