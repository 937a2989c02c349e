#!/usr/bin/env bash
# Render a per-site krb5.conf from the template in this repository so it can
# be reviewed before the config-management team rolls it out.
#
# Usage: ./render_krb5.sh [site]     (site files live in ./sites/<site>.env)
# Output: ./build/<site>/krb5.conf and ./build/<site>/checks.txt
set -euo pipefail

SITE="${1:-hq}"
TEMPLATE="templates/krb5.conf.in"
SITE_FILE="sites/${SITE}.env"
OUT_DIR="build/${SITE}"

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$SITE" "$*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

[[ -r "$TEMPLATE" ]]  || fail "template $TEMPLATE not found"
[[ -r "$SITE_FILE" ]] || fail "site definition $SITE_FILE not found"

# Site files are plain KEY=value lines; read only the keys we know about.
site_value() {
    sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$SITE_FILE" \
        | tail -n 1 | tr -d '"'"'"
}
REALM="$(site_value REALM)"
KDCS="$(site_value KDCS)"
KDC_PROXY_URL="$(site_value KDC_PROXY_URL)"
: "${REALM:?REALM missing in $SITE_FILE}"
: "${KDCS:?KDCS missing in $SITE_FILE}"
: "${KDC_PROXY_URL:=}"

# Distro hint only: lets reviewers see which default ccache type applies.
OS_ID="unknown"
if [[ -r /etc/os-release ]]; then
    OS_ID="$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')"
    OS_ID="${OS_ID:-unknown}"
fi
case "$OS_ID" in
    rhel|centos|fedora|rocky|almalinux) CCACHE="KCM:" ;;
    *)                                  CCACHE="FILE:%{TEMP}/krb5cc_%{uid}" ;;
esac

domain_lc="$(printf '%s' "$REALM" | tr '[:upper:]' '[:lower:]')"
kdc_lines=""
for kdc in $KDCS; do
    kdc_lines+="        kdc = ${kdc}"$'\n'
done
if [[ -n "$KDC_PROXY_URL" ]]; then
    kdc_lines+="        kdc = ${KDC_PROXY_URL}"$'\n'
fi

mkdir -p "$OUT_DIR"
tmp_out="$OUT_DIR/.krb5.conf.partial"
sed -e "s|@REALM@|${REALM}|g" \
    -e "s|@DOMAIN@|${domain_lc}|g" \
    -e "s|@CCACHE@|${CCACHE}|g" \
    "$TEMPLATE" > "$tmp_out"

# Insert the kdc lines where the template has the @KDCS@ marker.
awk -v block="$kdc_lines" '{ if ($0 ~ /@KDCS@/) printf "%s", block; else print }' \
    "$tmp_out" > "$OUT_DIR/krb5.conf"
rm -f "$tmp_out"
log "rendered $OUT_DIR/krb5.conf for realm $REALM"

# Lightweight reachability notes for the reviewer.
{
    echo "site=$SITE realm=$REALM os=$OS_ID"
    for kdc in $KDCS; do
        host="${kdc%%:*}"
        if getent hosts "$host" >/dev/null; then
            echo "resolve $host: ok"
        else
            echo "resolve $host: FAILED"
        fi
    done
    if [[ -n "$KDC_PROXY_URL" ]]; then
        code="$(curl -s -o /dev/null -I --max-time 5 -w '%{http_code}' "$KDC_PROXY_URL" || true)"
        echo "kdcproxy HEAD $KDC_PROXY_URL: HTTP ${code:-none}"
    fi
} > "$OUT_DIR/checks.txt"

grep -q "FAILED" "$OUT_DIR/checks.txt" && log "some KDCs did not resolve, see checks.txt"
log "done"
