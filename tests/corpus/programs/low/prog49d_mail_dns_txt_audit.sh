#!/usr/bin/env bash
# Audit SPF / DMARC / MTA-STS TXT records for the domains listed in domains.txt
# and write a Markdown report into ./reports. Read-only DNS and HTTPS GETs.
set -euo pipefail

DOMAINS_FILE="${1:-domains.txt}"
REPORT_DIR="./reports"
RESOLVER="${RESOLVER:-1.1.1.1}"
STAMP="$(date +%Y%m%d-%H%M)"
REPORT="${REPORT_DIR}/mail-dns-${STAMP}.md"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

txt_lookup() {
    # dig prints each TXT string quoted; join split strings back together.
    dig +short +time=3 +tries=2 "@${RESOLVER}" TXT "$1" 2>/dev/null \
        | sed -e 's/" "//g' -e 's/^"//' -e 's/"$//'
}

check_spf() {
    local domain="$1" spf
    spf="$(txt_lookup "$domain" | grep -i '^v=spf1' || true)"
    if [[ -z "$spf" ]]; then
        echo "| SPF | missing | - |"
    elif [[ "$spf" == *"+all"* ]]; then
        echo "| SPF | too permissive | \`${spf}\` |"
    else
        echo "| SPF | ok | \`${spf}\` |"
    fi
}

check_dmarc() {
    local domain="$1" rec policy
    rec="$(txt_lookup "_dmarc.${domain}" | grep -i '^v=DMARC1' || true)"
    if [[ -z "$rec" ]]; then
        echo "| DMARC | missing | - |"
        return
    fi
    policy="$(sed -n 's/.*p=\([a-z]*\).*/\1/p' <<<"$rec")"
    case "$policy" in
        reject|quarantine) echo "| DMARC | ok (${policy}) | \`${rec}\` |" ;;
        *)                 echo "| DMARC | weak (${policy:-none}) | \`${rec}\` |" ;;
    esac
}

check_mta_sts() {
    local domain="$1" rec body
    rec="$(txt_lookup "_mta-sts.${domain}" | grep -i '^v=STSv1' || true)"
    if [[ -z "$rec" ]]; then
        echo "| MTA-STS | missing | - |"
        return
    fi
    if body="$(curl -fsS --max-time 10 "https://mta-sts.${domain}/.well-known/mta-sts.txt")"; then
        local mode
        mode="$(awk -F': *' '/^mode/ {print $2}' <<<"$body" | tr -d '\r')"
        echo "| MTA-STS | policy ${mode:-unknown} | \`${rec}\` |"
    else
        echo "| MTA-STS | record but no policy file | \`${rec}\` |"
    fi
}

main() {
    command -v dig >/dev/null || { log "dig not installed (dnsutils / bind-utils)"; exit 2; }
    [[ -r "$DOMAINS_FILE" ]] || { log "cannot read ${DOMAINS_FILE}"; exit 2; }
    mkdir -p "$REPORT_DIR"

    {
        echo "# Mail DNS audit ${STAMP}"
        echo
        while IFS= read -r domain; do
            domain="${domain%%#*}"
            domain="${domain//[[:space:]]/}"
            [[ -z "$domain" ]] && continue
            log "checking ${domain}"
            echo "## ${domain}"
            echo
            echo "| Check | Result | Record |"
            echo "|---|---|---|"
            check_spf "$domain"
            check_dmarc "$domain"
            check_mta_sts "$domain"
            echo
        done <"$DOMAINS_FILE"
    } >"$REPORT"

    log "report written to ${REPORT}"
    grep -c '| missing |' "$REPORT" | xargs -I{} echo "missing records: {}" >&2 || true
}

main "$@"
