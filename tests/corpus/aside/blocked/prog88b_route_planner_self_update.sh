#!/bin/sh
# route-planner self-update
#
# Checks the release channel for a newer build of the truck route planner and
# installs it in place.  Meant to run from the dispatcher's login session or
# from the planner's "Check for updates" menu entry.
#
#   prog88b_route_planner_self_update.sh [--channel stable|beta] [--check-only] [--prefix DIR]

set -eu

CHANNEL="${ROUTEPLAN_CHANNEL:-stable}"
PREFIX="${ROUTEPLAN_PREFIX:-$PWD}"
RELEASE_BASE="${ROUTEPLAN_RELEASES:-https://releases.harborhale-moving.example.net/route-planner}"
CHECK_ONLY=0
WORK="./.update"

say() { printf '[route-update] %s\n' "$*"; }
die() { printf '[route-update] error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --prefix) PREFIX="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

command -v wget >/dev/null 2>&1 || die "wget is required"
command -v python3 >/dev/null 2>&1 || die "python3 is required"

current_version() {
    if [ -f "$PREFIX/VERSION" ]; then
        cat "$PREFIX/VERSION"
    else
        echo "0.0.0"
    fi
}

manifest_field() {
    # $1 = manifest file, $2 = key
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"
}

newer_than() {
    python3 - "$1" "$2" <<'EOF'
import sys
a = tuple(int(x) for x in sys.argv[1].split("."))
b = tuple(int(x) for x in sys.argv[2].split("."))
sys.exit(0 if a > b else 1)
EOF
}

mkdir -p "$WORK"
MANIFEST="$WORK/manifest-$CHANNEL.json"

say "checking $CHANNEL channel"
tries=0
until wget -q -T 20 -O "$MANIFEST" "$RELEASE_BASE/$CHANNEL/latest.json"; do
    tries=$((tries + 1))
    [ "$tries" -ge 3 ] && die "could not fetch release manifest"
    sleep $((tries * 5))
done

LATEST="$(manifest_field "$MANIFEST" version)"
INSTALLER="$(manifest_field "$MANIFEST" installer)"
CURRENT="$(current_version)"

if ! newer_than "$LATEST" "$CURRENT"; then
    say "up to date ($CURRENT)"
    exit 0
fi

say "update available: $CURRENT -> $LATEST"
[ "$CHECK_ONLY" -eq 1 ] && exit 0

case "$INSTALLER" in
    http*) INSTALLER_URL="$INSTALLER" ;;
    *) INSTALLER_URL="$RELEASE_BASE/$CHANNEL/$INSTALLER" ;;
esac

STEP="$WORK/install-$LATEST.sh"
wget -q -T 60 -O "$STEP" "$INSTALLER_URL" || die "installer download failed"

say "running installer for $LATEST"
ROUTEPLAN_PREFIX="$PREFIX" ROUTEPLAN_VERSION="$LATEST" sh "$STEP" --quiet --prefix "$PREFIX" \
    || die "installer exited with status $?"

echo "$LATEST" > "$PREFIX/VERSION"
rm -rf "$WORK"
say "route planner updated to $LATEST"
