#!/usr/bin/env bash
# pixel_audit.sh - check landing pages for the tracking tags each brand is supposed to fire.
#
# Usage: ./pixel_audit.sh [-c pixel_audit.conf] [-o reports] [urls.txt]
#
# urls.txt holds one landing page per line (blank lines and # comments ignored).
# The config can override EXPECTED_TAGS, UA and TIMEOUT.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${SCRIPT_DIR}/pixel_audit.conf"
OUT_DIR="reports"
URL_FILE="urls.txt"
TIMEOUT=20
UA="Mozilla/5.0 (X11; Linux x86_64) PixelAudit/1.3"
EXPECTED_TAGS="gtag meta tiktok linkedin"
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts "c:o:qh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && URL_FILE="$1"

load_conf() {
    # plain KEY=value lines; only the known keys are taken
    local key val
    while IFS='=' read -r key val || [ -n "$key" ]; do
        key="${key//[[:space:]]/}"; val="${val%\"}"; val="${val#\"}"
        case "$key" in
            EXPECTED_TAGS) EXPECTED_TAGS="$val" ;;
            UA)            UA="$val" ;;
            TIMEOUT)       [[ "$val" =~ ^[0-9]+$ ]] && TIMEOUT="$val" ;;
        esac
    done < "$1"
}
[ -f "$CONF" ] && load_conf "$CONF"
[ -r "$URL_FILE" ] || die "cannot read $URL_FILE"
command -v curl >/dev/null || die "curl is required"

# signature regex per tag family
signature_for() {
    case "$1" in
        gtag)     echo 'gtag\(|googletagmanager\.com/gtag/js|GTM-[A-Z0-9]+' ;;
        meta)     echo 'fbq\(|connect\.facebook\.net/.*/fbevents\.js' ;;
        tiktok)   echo 'ttq\.load\(|analytics\.tiktok\.com' ;;
        linkedin) echo '_linkedin_partner_id|snap\.licdn\.com' ;;
        snap)     echo 'snaptr\(|sc-static\.net/scevent' ;;
        *)        echo "$1" ;;
    esac
}

fetch_page() {
    local url="$1" dest="$2"
    local code
    code=$(curl -sSL --max-time "$TIMEOUT" -A "$UA" -o "$dest" -w '%{http_code}' "$url" || echo 000)
    echo "$code"
}

audit_url() {
    local url="$1" body="$2"
    local code missing="" found=""
    code=$(fetch_page "$url" "$body")
    if [ "$code" != "200" ]; then
        printf '%s\t%s\t-\t-\n' "$url" "$code"
        return
    fi
    for tag in $EXPECTED_TAGS; do
        if grep -Eq "$(signature_for "$tag")" "$body"; then
            found="${found:+$found,}$tag"
        else
            missing="${missing:+$missing,}$tag"
        fi
    done
    printf '%s\t%s\t%s\t%s\n' "$url" "$code" "${found:--}" "${missing:--}"
}

main() {
    mkdir -p "$OUT_DIR/.pages"
    local stamp report n=0 bad=0
    stamp=$(date +%Y%m%d_%H%M)
    report="$OUT_DIR/pixel_audit_${stamp}.tsv"
    printf 'url\tstatus\tfound\tmissing\n' > "$report"

    while IFS= read -r url || [ -n "$url" ]; do
        url="${url%%#*}"; url="${url//[[:space:]]/}"
        [ -z "$url" ] && continue
        n=$((n + 1))
        log "[$n] $url"
        line=$(audit_url "$url" "$OUT_DIR/.pages/page_$n.html")
        printf '%s\n' "$line" >> "$report"
        case "$line" in *$'\t'-) ;; *) bad=$((bad + 1)) ;; esac
    done < "$URL_FILE"

    rm -rf "$OUT_DIR/.pages"
    log "checked $n pages, $bad with missing tags or errors -> $report"
    [ "$bad" -eq 0 ]
}

main
