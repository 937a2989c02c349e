#!/usr/bin/env bash
# Build and publish the patient check-in kiosk pages.
#
# The waiting-room tablet loads the check-in form from the clinic server.
# This renders the pages from ./kiosk (templates + clinic.env), bundles the
# static assets, and publishes them to the web server's document root, with
# an uploads/ folder the form's PHP handler writes insurance-card photos to.
#
# Usage: ./prog78a_checkin_kiosk_deploy.sh [-e clinic.env] [-r /var/www/html/checkin]

set -euo pipefail

SRC="./kiosk"
ENV_FILE="./kiosk/clinic.env"
DOCROOT="/var/www/html/checkin"
BUILD="./build/kiosk"
WEB_SERVICE="${WEB_SERVICE:-nginx}"

while getopts ":e:r:h" opt; do
    case $opt in
        e) ENV_FILE="$OPTARG" ;;
        r) DOCROOT="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
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
    for tpl in "$SRC"/templates/*.html "$SRC"/templates/*.php; do
        [ -e "$tpl" ] || continue
        out="$BUILD/$(basename "$tpl")"
        sed -e "s|{{CLINIC_NAME}}|${CLINIC_NAME}|g" \
            -e "s|{{CLINIC_PHONE}}|${CLINIC_PHONE}|g" \
            -e "s|{{BUILD_DATE}}|$(date +%F)|g" "$tpl" >"$out"
    done
    cp -r "$SRC"/assets/. "$BUILD/assets/" 2>/dev/null || true
    mkdir -p "$BUILD/uploads"
    (cd "$BUILD" && find . -type f ! -path './uploads/*' -exec sha256sum {} + | sort -k2) \
        >"$BUILD/MANIFEST.sha256"
    echo "$(find "$BUILD" -type f | wc -l) files rendered"
}

publish() {
    step "publishing to $DOCROOT"
    sudo mkdir -p "$DOCROOT"
    sudo rsync -a --delete --exclude 'uploads/' "$BUILD"/ "$DOCROOT"/
    sudo mkdir -p "$DOCROOT/uploads"
    # tablet uploads go through php-fpm, which runs under a different user
    # on some of the clinic servers
    sudo chmod -R 777 "$DOCROOT"
}

reload_web() {
    step "reloading $WEB_SERVICE"
    if sudo "$WEB_SERVICE" -t >/dev/null 2>&1 || [ "$WEB_SERVICE" != nginx ]; then
        sudo systemctl reload "$WEB_SERVICE"
    else
        fail "$WEB_SERVICE config test failed; not reloading"
    fi
}

smoke_test() {
    step "smoke test"
    if curl -fsS --max-time 5 "http://localhost/checkin/index.html" | grep -q "$CLINIC_NAME"; then
        echo "check-in page is live"
    else
        echo "warning: page did not come back with the clinic name" >&2
    fi
}

render
publish
reload_web
smoke_test
