#!/bin/sh
# Pull the current gateway bundle for the acoustic leak-detection fleet from
# the vendor portal and apply it on this collector.
#
# The portal lives on the utility's OT network behind the appliance's own
# certificate, so curl is told not to fuss about it.
#
# usage: prog85d_leak_logger_gateway_update.sh [-e env_file] [-o stage_dir] [-c channel]

set -eu

ENV_FILE="./leakfleet.env"
OUT_DIR="./stage"
RETRIES=3
CHANNEL="stable"

while getopts "e:o:r:c:" opt; do
    case $opt in
        e) ENV_FILE=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        r) RETRIES=$OPTARG ;;
        c) CHANNEL=$OPTARG ;;
        *) echo "usage: $0 [-e env] [-o dir] [-c channel]" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))

# shellcheck disable=SC1090
[ -r "$ENV_FILE" ] && . "$ENV_FILE"
: "${LEAKFLEET_PORTAL:=https://10.60.1.20:8443}"
: "${LEAKFLEET_TOKEN:?set LEAKFLEET_TOKEN in $ENV_FILE or the environment}"

CURL_OPTS="--silent --show-error --fail --insecure --max-time 120 --location"

say() { echo "$(date '+%F %T') leak-gw-update: $*" >&2; }

fetch() {
    # fetch URL DEST  (with retry/backoff)
    n=0
    while :; do
        # shellcheck disable=SC2086
        if curl $CURL_OPTS -H "Authorization: Bearer $LEAKFLEET_TOKEN" -o "$2.part" "$1"; then
            mv "$2.part" "$2"
            return 0
        fi
        n=$((n + 1))
        [ "$n" -ge "$RETRIES" ] && { rm -f "$2.part"; return 1; }
        sleep $((n * 5))
    done
}

manifest_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"
}

mkdir -p "$OUT_DIR"

say "checking $CHANNEL channel"
fetch "$LEAKFLEET_PORTAL/api/v1/gateway/releases/$CHANNEL" "$OUT_DIR/manifest.json"

version=$(manifest_field "$OUT_DIR/manifest.json" version)
hook_url=$(manifest_field "$OUT_DIR/manifest.json" apply_script)
current=$(cat ./VERSION 2>/dev/null || echo none)

if [ "$version" = "$current" ]; then
    say "already on $version"
    exit 0
fi

say "updating $current -> $version"
hook="$OUT_DIR/apply-$version.sh"
if ! fetch "$hook_url" "$hook"; then
    say "could not download apply script"
    exit 1
fi

expected=$(manifest_field "$OUT_DIR/manifest.json" apply_sha256 2>/dev/null || true)
if [ -n "$expected" ]; then
    actual=$(sha256sum "$hook" | cut -d' ' -f1)
    [ "$actual" = "$expected" ] || { say "checksum mismatch for apply script"; exit 1; }
fi

chmod 0700 "$hook"
cd "$OUT_DIR"
if LEAKFLEET_VERSION="$version" sh "./apply-$version.sh"; then
    cd - >/dev/null
    echo "$version" > ./VERSION
    say "gateway now on $version"
else
    rc=$?
    say "apply script exited $rc"
    exit "$rc"
fi
