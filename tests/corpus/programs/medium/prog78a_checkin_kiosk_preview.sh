#!/usr/bin/env bash
# Build the patient check-in kiosk pages and preview them on a tablet.
#
# Renders the pages from ./kiosk (templates + clinic.env) into
# ./build/kiosk, bundles the static assets and serves the result so the
# front desk can open it on the waiting-room tablet before it goes live.
#
# Usage: ./prog78a_checkin_kiosk_preview.sh [-e clinic.env] [-p port]

set -euo pipefail

SRC="./kiosk"
ENV_FILE="./kiosk/clinic.env"
BUILD="./build/kiosk"
PORT=8080

while getopts ":e:p:h" opt; do
    case $opt in
        e) ENV_FILE="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

[ -d "$SRC/templates" ] || fail "no templates in $SRC/templates"
[ -f "$ENV_FILE" ] || fail "missing $ENV_FILE"

# shellcheck disable=SC1090
set -a; . "$ENV_FILE"; set +a
: "${CLINIC_NAME:?CLINIC_NAME must be set in $ENV_FILE}"
: "${CLINIC_PHONE:?CLINIC_PHONE must be set in $ENV_FILE}"

render() {
    step "rendering templates"
    rm -rf "$BUILD"
    mkdir -p "$BUILD/assets"
    local tpl out
    for tpl in "$SRC"/templates/*.html; do
        [ -e "$tpl" ] || continue
        out="$BUILD/$(basename "$tpl")"
        sed -e "s|{{CLINIC_NAME}}|${CLINIC_NAME}|g" \
            -e "s|{{CLINIC_PHONE}}|${CLINIC_PHONE}|g" \
            -e "s|{{BUILD_DATE}}|$(date +%F)|g" "$tpl" >"$out"
    done
    cp -r "$SRC"/assets/. "$BUILD/assets/" 2>/dev/null || true
    (cd "$BUILD" && find . -type f -exec sha256sum {} + | sort -k2) >"$BUILD/MANIFEST.sha256"
    echo "$(find "$BUILD" -type f | wc -l) files rendered"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    step "serving $BUILD"
    local addr
    addr="$(lan_address)"
    echo "open http://${addr:-<this-pc>}:$PORT/index.html on the tablet (Ctrl-C to stop)"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BUILD"
}

render
serve
