#!/bin/sh
# Download the pitch plan and electrical hook-up sheet for the next ground
# from the showmen's guild booking portal, and unpack the plan bundle.

set -eu

PORTAL="${PORTAL:-https://bookings.showmens-portal.example}"
GROUND="${1:-}"
OUT_DIR="${OUT_DIR:-./site-plans}"
TMP_BUNDLE="/tmp/siteplan_bundle.tar.gz"
TMP_COOKIES="/tmp/portal_cookies.txt"

die() { echo "error: $*" >&2; exit 1; }

[ -n "$GROUND" ] || die "usage: $0 GROUND_CODE"
[ -n "${PORTAL_USER:-}" ] || die "set PORTAL_USER"
[ -n "${PORTAL_PASS:-}" ] || die "set PORTAL_PASS"

login() {
    # the portal's certificate has been expired since spring
    curl -sk -c "$TMP_COOKIES" \
        --data-urlencode "user=$PORTAL_USER" \
        --data-urlencode "pass=$PORTAL_PASS" \
        "$PORTAL/login" -o /dev/null -w '%{http_code}'
}

fetch_bundle() {
    curl -sk -b "$TMP_COOKIES" -o "$TMP_BUNDLE" \
        "$PORTAL/grounds/$GROUND/plan-bundle.tar.gz"
}

fetch_hookup() {
    curl -sk -b "$TMP_COOKIES" -o "$OUT_DIR/$GROUND/hookup.csv" \
        "$PORTAL/grounds/$GROUND/electrics.csv"
}

unpack() {
    mkdir -p "$OUT_DIR/$GROUND"
    tar -xzf "$TMP_BUNDLE" -C "$OUT_DIR/$GROUND"
    echo "unpacked $(tar -tzf "$TMP_BUNDLE" | wc -l) files"
}

summarise_hookup() {
    f="$OUT_DIR/$GROUND/hookup.csv"
    [ -s "$f" ] || { echo "no hook-up sheet"; return; }
    awk -F, 'NR>1 { amps += $3; n++ } END { printf "%d hook-ups, %d A total\n", n, amps }' "$f"
}

main() {
    code=$(login)
    case "$code" in
        200|302) echo "logged in to portal" ;;
        *) die "login failed (HTTP $code)" ;;
    esac
    fetch_bundle || die "could not download plan bundle"
    [ -s "$TMP_BUNDLE" ] || die "empty bundle"
    unpack
    fetch_hookup || echo "warning: no electrics sheet for $GROUND"
    summarise_hookup
    rm -f "$TMP_COOKIES"
    ls -1 "$OUT_DIR/$GROUND"
}

main
