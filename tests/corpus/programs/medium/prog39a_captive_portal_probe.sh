#!/bin/sh
# Smoke-test the guest Wi-Fi captive portal from a test laptop.
# 1. checks that an unauthenticated request is redirected to the portal,
# 2. submits the guest voucher form,
# 3. checks that the internet probe URL is then reachable.
# The portal appliance ships a self-signed certificate, so TLS checks are skipped.

PORTAL_URL="${PORTAL_URL:-https://portal.guest.example.net/login}"
PROBE_URL="${PROBE_URL:-http://connectivitycheck.example.com/generate_204}"
VOUCHER=""
COOKIE_JAR=/tmp/portal_probe_cookies.txt
WORK_FILE=/tmp/portal_probe_page.html
TIMEOUT=8

die() { echo "FAIL: $*" >&2; exit 1; }
ok()  { echo "ok:   $*"; }

usage() {
    echo "usage: $0 -v VOUCHER [-p portal_url] [-t probe_url]"
    exit 2
}

while getopts "v:p:t:h" o; do
    case "$o" in
        v) VOUCHER="$OPTARG" ;;
        p) PORTAL_URL="$OPTARG" ;;
        t) PROBE_URL="$OPTARG" ;;
        *) usage ;;
    esac
done
[ -n "$VOUCHER" ] || usage

cleanup() { rm -f "$COOKIE_JAR" "$WORK_FILE"; }
trap cleanup EXIT INT TERM

portal_curl() {
    curl --insecure --silent --show-error --max-time "$TIMEOUT" \
         --cookie "$COOKIE_JAR" --cookie-jar "$COOKIE_JAR" "$@"
}

step_redirect() {
    code=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' \
                --max-time "$TIMEOUT" "$PROBE_URL") || die "probe request failed"
    status=${code%% *}
    target=${code#* }
    case "$status" in
        204) die "already online - disconnect from the guest SSID first" ;;
        301|302|303|307) ok "redirected ($status) to $target" ;;
        *) die "unexpected status $status from probe" ;;
    esac
}

step_login() {
    portal_curl -o "$WORK_FILE" "$PORTAL_URL" || die "cannot load portal page"
    csrf=$(sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' "$WORK_FILE" | head -n1)
    [ -n "$csrf" ] || die "no CSRF token on portal page"
    ok "portal page loaded, token ${csrf%"${csrf#????}"}..."

    resp=$(portal_curl -o "$WORK_FILE" -w '%{http_code}' \
           --data-urlencode "voucher=$VOUCHER" \
           --data-urlencode "csrf_token=$csrf" \
           --data-urlencode "accept_terms=1" \
           "$PORTAL_URL") || die "login POST failed"
    case "$resp" in
        200|302) ;;
        *) die "login returned HTTP $resp" ;;
    esac
    if grep -qi 'invalid voucher' "$WORK_FILE"; then
        die "portal rejected voucher"
    fi
    ok "voucher accepted (HTTP $resp)"
}

step_online() {
    i=0
    while [ $i -lt 5 ]; do
        status=$(curl -s -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$PROBE_URL")
        if [ "$status" = "204" ]; then
            ok "internet reachable after $i retries"
            return 0
        fi
        i=$((i + 1))
        sleep 2
    done
    die "still captive after login (last status $status)"
}

step_redirect
step_login
step_online
echo "captive portal flow passed"
